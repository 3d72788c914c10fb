/**
 * Integration keys (issue 3, Administrativo): list, create (name, permissions, optional stores)
 * showing the key once with a copy button, revoke with confirmation.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessao } from '../../app/session/store';
import { useRotaAtual } from '../../app/shell/useRotaAtual';
import { toast } from '../../app/toasts/store';
import { toastDeErro } from '../../lib/erros';
import { razoesDe } from '../../registers/api';
import { SelecaoMultipla } from '../../ui/SelecaoMultipla';
import { type Chave, criarChave, listarChaves, listarLojas, revogarChave } from './api';
import { errosPorCampo } from './filtros';
import { SeletorPermissoes } from './SeletorPermissoes';

const ENTIDADE = 'chaves de integração';
const dataHora = (v: string | null) =>
  v ? new Date(v).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : '—';

function NovaChave({
  aberta,
  aoFechar,
  aoCriar,
}: {
  aberta: boolean;
  aoFechar: () => void;
  aoCriar: (c: string) => void;
}) {
  const minhas = useSessao((s) => s.usuario?.permissoes ?? []);
  const lojas = useQuery({ queryKey: ['lojas-todas'], queryFn: listarLojas, enabled: aberta });
  const [nome, setNome] = useState('');
  const [permissoes, setPermissoes] = useState<string[]>([]);
  const [escopo, setEscopo] = useState<string[]>([]);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);
  const fechar = () => {
    setNome('');
    setPermissoes([]);
    setEscopo([]);
    setErros({});
    aoFechar();
  };
  const criar = async () => {
    const locais: Record<string, string> = {};
    if (!nome.trim()) locais.nome = 'Informe o nome da chave.';
    if (!permissoes.length) locais.permissoes = 'Selecione ao menos uma permissão.';
    setErros(locais);
    if (Object.keys(locais).length) return;
    setEnviando(true);
    try {
      const r = await criarChave({ nome: nome.trim(), permissoes, lojas: escopo.length ? escopo.map(Number) : null });
      fechar();
      aoCriar(r.chave);
    } catch (e) {
      const r = razoesDe(e);
      const { campos, soltas } = errosPorCampo(r.reasons);
      setErros(campos);
      if (soltas.length || !Object.keys(campos).length) toast(toastDeErro(e, { entidade: ENTIDADE }));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal opened={aberta} onClose={fechar} title="Nova chave de integração" size="xl" centered>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          description="Identifica o sistema que usará a chave (ex.: Integração e-commerce)."
          required
          value={nome}
          error={erros.nome}
          onChange={(e) => setNome(e.currentTarget.value)}
          data-cy="chave-nome"
        />
        <SelecaoMultipla
          tamanho="sm"
          label="Lojas (opcional)"
          placeholder="Todas as lojas"
          opcoes={(lojas.data?.items ?? []).map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` }))}
          valor={escopo}
          aoSalvar={setEscopo}
          erro={erros.lojas}
          data-cy="chave-lojas"
        />
        <div>
          <Text fz="sm" fw={500} mb={4}>
            Permissões
          </Text>
          <SeletorPermissoes valor={permissoes} aoMudar={setPermissoes} permitidas={minhas} altura={340} />
          {erros.permissoes && (
            <Text fz="xs" c="red" mt={4}>
              {erros.permissoes}
            </Text>
          )}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={fechar}>
            Cancelar
          </Button>
          <Button onClick={criar} loading={enviando} leftSection={<IconKey size={16} />} data-cy="chave-criar">
            Criar chave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ChaveCriada({ chave, aoFechar }: { chave: string | null; aoFechar: () => void }) {
  return (
    <Modal
      opened={chave !== null}
      onClose={aoFechar}
      title="Chave criada"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          Copie a chave agora: por segurança ela não será exibida novamente.
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-cy="chave-valor">
            {chave}
          </Code>
          <CopyButton value={chave ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-cy="chave-copiar"
              >
                {copied ? 'Copiada' : 'Copiar'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text fz="xs" c="dimmed">
          Envie-a no cabeçalho x-api-key (ou Authorization: Bearer) das chamadas à API.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar} data-cy="chave-fechar">
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ChavesIntegracaoPage() {
  const { titulo } = useRotaAtual();
  const qc = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: ['chaves-integracao'], queryFn: listarChaves });
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
                  <Table.Td>{k.lojas?.length ? k.lojas.join(', ') : 'Todas'}</Table.Td>
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
