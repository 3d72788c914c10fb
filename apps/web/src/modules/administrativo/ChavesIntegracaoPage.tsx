/**
 * Integration keys (issue 3, Administrativo): list, create (name, permissions, optional stores)
 * showing the key once with a copy button, revoke with confirmation.
 */
import { Badge, Button, Code, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { type Chave, listarChaves, listarLojas, revogarChave } from './api';
import { ChaveCriada, NovaChave } from './NovaChave';
import { formatarDataHora } from '../../lib/formato';

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

  const colunas: ColunaTabela<Chave>[] = [
    {
      id: 'nome',
      titulo: 'Nome',
      celula: (k) => (
        <Text fz="sm" fw={500}>
          {k.nome}
        </Text>
      ),
    },
    { id: 'prefixo', titulo: 'Prefixo', celula: (k) => <Code>{k.prefixo}…</Code> },
    {
      id: 'permissoes',
      titulo: 'Permissões',
      celula: (k) => (
        <Tooltip label={k.permissoes.join(', ')} multiline w={360} disabled={!k.permissoes.length}>
          <Text fz="sm">{k.permissoes.length}</Text>
        </Tooltip>
      ),
    },
    { id: 'lojas', titulo: 'Lojas', celula: (k) => (k.lojas?.length ? k.lojas.map(sigla).join(', ') : 'Todas') },
    { id: 'criadaEm', titulo: 'Criada em', celula: (k) => dataHora(k.criadaEm) },
    { id: 'ultimoUso', titulo: 'Último uso', celula: (k) => dataHora(k.ultimoUso) },
    {
      id: 'situacao',
      titulo: 'Situação',
      celula: (k) => (
        <Badge variant="light" radius="sm" tt="none" color={k.ativa ? 'green' : 'gray'}>
          {k.ativa ? 'Ativa' : `Revogada em ${dataHora(k.revogadaEm)}`}
        </Badge>
      ),
    },
    {
      id: 'acoes',
      titulo: 'Ações',
      tituloOculto: true,
      largura: 56,
      celula: (k) =>
        k.ativa && (
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
        ),
    },
  ];
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
      <TabelaDados
        rotulo="Chaves de integração"
        colunas={colunas}
        itens={data?.items ?? []}
        carregando={isPending}
        larguraMinima={720}
        vazio={
          <Text c="dimmed" fz="sm">
            Nenhuma chave de integração criada.
          </Text>
        }
        dataCy="lista-chaves"
        dataCyLinha="chave-linha"
      />
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
