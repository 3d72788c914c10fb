/**
 * /atualizacao (spec §2.4, administrators only): the update notes are loaded first, then the running
 * and latest versions, the active sessions and the last attempt; 'Atualizar agora' starts the
 * self-update (the modal follows it), 'Solicitar logout dos usuários' asks the others to leave.
 */
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { MSG_ATUALIZACAO } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  buscarNotas,
  type NotaDeAtualizacao,
  situacaoDaAtualizacao,
  type Tentativa,
  versaoCompleta,
} from './atualizacao.api';
import { atualizacaoDisponivel } from './atualizacao.regras';
import { useAtualizacao } from './atualizacao.store';
import { solicitarLogout } from './logout-usuarios';
import { useConfirmarEncerramento } from './ConfirmarEncerramento';
import { SessoesAtivas } from './SessoesAtivas';
import { useSessoesAtivas } from './useSessoesAtivas';

const STATUS: Record<Tentativa['status'], { rotulo: string; cor: string }> = {
  EM_ANDAMENTO: { rotulo: 'Em andamento', cor: 'blue' },
  CONCLUIDA: { rotulo: 'Concluída', cor: 'green' },
  FALHOU: { rotulo: 'Falhou', cor: 'red' },
};

function Versao({ rotulo, valor, cy, destaque }: { rotulo: string; valor: string; cy: string; destaque?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text c="dimmed" fz="sm">
        {rotulo}
      </Text>
      <Text fz={24} fw={700} c={destaque ? 'orange.8' : undefined} data-cy={cy}>
        {valor}
      </Text>
    </Paper>
  );
}

export function AtualizacaoPage() {
  const { atual, maisRecente, andamento, carregarVersoes, atualizar } = useAtualizacao();
  const [notas, setNotas] = useState<NotaDeAtualizacao[] | null>(null);
  const [erroNotas, setErroNotas] = useState(false);
  const [ultima, setUltima] = useState<Tentativa | null>(null);
  const [pronto, setPronto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const { sessoes, erro: erroSessoes, recarregar } = useSessoesAtivas(pronto);
  const confirmacao = useConfirmarEncerramento(sessoes);

  useEffect(() => {
    let vivo = true;
    // spec §2.4: for admins the update notes are loaded first
    buscarNotas()
      .then((n) => vivo && setNotas(n))
      .catch(() => vivo && setErroNotas(true))
      .finally(async () => {
        await carregarVersoes().catch(() => undefined);
        const s = await situacaoDaAtualizacao().catch(() => null);
        if (!vivo) return;
        setUltima(s?.ultima ?? null);
        setPronto(true);
      });
    return () => {
      vivo = false;
    };
  }, [carregarVersoes]);

  const disponivel = atualizacaoDisponivel(atual, maisRecente);
  return (
    <Stack gap="md">
      {confirmacao.modal}
      <Paper withBorder radius="md" p="xl">
        <Group justify="space-between" wrap="wrap" mb="md">
          <Title order={1} fz={22}>
            Atualização do sistema
          </Title>
          <Group gap="sm">
            <Button
              variant="light"
              onClick={() => confirmacao.pedir('logout', () => void solicitarLogout().then(recarregar))}
            >
              Solicitar logout dos usuários
            </Button>
            <Button
              disabled={!disponivel || andamento !== null}
              loading={enviando}
              onClick={() =>
                confirmacao.pedir('atualizar', () => {
                  setEnviando(true);
                  void atualizar().finally(() => setEnviando(false));
                })
              }
            >
              Atualizar agora
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Versao rotulo="Versão atual" cy="versao-atual" valor={atual ? versaoCompleta(atual) : '—'} />
          <Versao
            rotulo="Versão mais recente"
            cy="versao-mais-recente"
            valor={maisRecente ? versaoCompleta(maisRecente) : '—'}
            destaque={disponivel}
          />
        </SimpleGrid>
        {pronto && !disponivel && (
          <Text c="dimmed" mt="md">
            {MSG_ATUALIZACAO.jaAtualizado}
          </Text>
        )}
        {ultima && (
          <Alert
            mt="md"
            color={STATUS[ultima.status].cor}
            icon={ultima.status === 'FALHOU' ? <IconAlertTriangle size={18} /> : undefined}
            title={
              <Group gap="xs">
                <span>
                  Última tentativa: {ultima.versaoOrigem} → {ultima.versaoAlvo}
                </span>
                <Badge color={STATUS[ultima.status].cor} variant="light">
                  {STATUS[ultima.status].rotulo}
                </Badge>
              </Group>
            }
          >
            {new Date(ultima.iniciadaEm).toLocaleString('pt-BR')} — {ultima.mensagem}
          </Alert>
        )}
      </Paper>
      <Paper withBorder radius="md" p="xl">
        <Title order={2} fz={18} mb="sm">
          Notas da atualização
        </Title>
        {erroNotas && <Text c="red">Não foi possível carregar as notas da atualização.</Text>}
        {!erroNotas && notas === null && <Text c="dimmed">Carregando as notas…</Text>}
        {notas?.length === 0 && <Text c="dimmed">Nenhuma nota: não há build mais novo publicado.</Text>}
        {notas && notas.length > 0 && (
          <Table striped verticalSpacing={6} data-cy="notas-atualizacao">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>Chamado</Table.Th>
                <Table.Th>Detalhe</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notas.map((n) => (
                <Table.Tr key={`${n.issue}-${n.detail}`}>
                  <Table.Td>
                    <Badge variant="light">{n.issue}</Badge>
                  </Table.Td>
                  <Table.Td>{n.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder radius="md" p="xl">
        <Title order={2} fz={18} mb="sm">
          Sessões ativas{sessoes ? ` (${sessoes.length})` : ''}
        </Title>
        <SessoesAtivas sessoes={pronto ? sessoes : null} erro={erroSessoes} />
      </Paper>
    </Stack>
  );
}
