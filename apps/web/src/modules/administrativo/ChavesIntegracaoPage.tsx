/**
 * Integration keys (issue 3, Administrativo): list, create (name, permissions, optional stores)
 * showing the key once with a copy button, revoke with confirmation.
 */
import {
  Badge,
  Button,
  Center,
  Code,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRotaAtual } from '../../app/shell/useRotaAtual';
import { toast } from '../../app/toasts/store';
import { toastDeErro } from '../../lib/erros';
import { type Chave, listarChaves, listarLojas, revogarChave } from './api';
import { ChaveCriada, NovaChave } from './NovaChave';
import { formatarDataHora } from '../../registers/fields/formato';

const ENTIDADE = 'chaves de integração';
/** dd/mm/aaaa hh:mm, or a dash when absent */
const dataHora = (v: string | null) => formatarDataHora(v) || '—';

export function ChavesIntegracaoPage() {
  const { titulo } = useRotaAtual();
  const qc = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: ['chaves-integracao'], queryFn: listarChaves });
  const lojas = useQuery({ queryKey: ['lojas-todas'], queryFn: listarLojas });
  const sigla = (id: number) => lojas.data?.items.find((l) => l.id === id)?.sigla ?? String(id);
  const [criando, setCriando] = useState(false);
  const [criada, setCriada] = useState<string | null>(null);
  const [revogando, setRevogando] = useState<Chave | null>(null);
  // the name stays while the modal fades out
  const [nomeRevogando, setNomeRevogando] = useState('');
  const [enviando, setEnviando] = useState(false);
  const recarregar = () => qc.invalidateQueries({ queryKey: ['chaves-integracao'] });

  const revogar = async () => {
    if (!revogando) return;
    setEnviando(true);
    try {
      await revogarChave(revogando.id);
      toast({ type: 'success', title: 'Sucesso', message: `Chave ${revogando.nome} revogada.` });
      await recarregar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: ENTIDADE }));
    } finally {
      setEnviando(false);
      setRevogando(null);
    }
  };

  const itens = data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCriando(true)} data-cy="botao-novo">
          Nova chave
        </Button>
      </Group>
      <Text fz="sm" c="dimmed">
        Chaves permitem que outros sistemas usem a API com permissões próprias. Cada uso fica registrado.
      </Text>
      <Paper withBorder radius="sm">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={6} highlightOnHover data-cy="lista-chaves">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Prefixo</Table.Th>
                <Table.Th>Permissões</Table.Th>
                <Table.Th>Lojas</Table.Th>
                <Table.Th>Criada em</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th w={56} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending &&
                [1, 2, 3].map((n) => (
                  <Table.Tr key={n}>
                    <Table.Td colSpan={8}>
                      <Skeleton height={22} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {itens.map((k) => (
                <Table.Tr key={k.id} data-cy="chave-linha">
                  <Table.Td fw={500}>{k.nome}</Table.Td>
                  <Table.Td>
                    <Code>{k.prefixo}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={k.permissoes.join(', ')} multiline w={360} disabled={!k.permissoes.length}>
                      <Text fz="sm">{k.permissoes.length}</Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>{k.lojas?.length ? k.lojas.map(sigla).join(', ') : 'Todas'}</Table.Td>
                  <Table.Td>{dataHora(k.criadaEm)}</Table.Td>
                  <Table.Td>{dataHora(k.ultimoUso)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" tt="none" color={k.ativa ? 'green' : 'gray'}>
                      {k.ativa ? 'Ativa' : `Revogada em ${dataHora(k.revogadaEm)}`}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {k.ativa && (
                      <Tooltip label="Revogar">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Revogar ${k.nome}`}
                          onClick={() => {
                            setNomeRevogando(k.nome);
                            setRevogando(k);
                          }}
                          data-cy="chave-revogar"
                        >
                          <IconTrash size={16} />
                        </Button>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!isPending && itens.length === 0 && (
          <Center py="xl">
            <Text c="dimmed" fz="sm">
              Nenhuma chave de integração criada.
            </Text>
          </Center>
        )}
      </Paper>
      <NovaChave
        aberta={criando}
        aoFechar={() => setCriando(false)}
        aoCriar={(c) => {
          setCriada(c);
          void recarregar();
        }}
      />
      <ChaveCriada chave={criada} aoFechar={() => setCriada(null)} />
      <Modal opened={revogando !== null} onClose={() => setRevogando(null)} title="Revogar chave" centered>
        <Text fz="sm">
          Deseja revogar a chave <b>{nomeRevogando}</b>? Os sistemas que a usam deixam de ter acesso imediatamente.
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setRevogando(null)}>
            Cancelar
          </Button>
          <Button color="red" loading={enviando} onClick={revogar} data-cy="confirmar-revogacao">
            Revogar
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
