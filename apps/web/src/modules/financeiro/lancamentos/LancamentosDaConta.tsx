/**
 * The 'Lançamentos' area of the Conta corrente form (issue #30): the account's bank ledger of the last 30 days —
 * saldo anterior, the latest entries with the balance after each, saldo final — and the way to the full ledger
 * (/financeiro/lancamentos, where entries are posted, transferred and reversed).
 */
import { Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import { dataBr, formatarDinheiro, hojeNaZona, somarDias, ZONA_PADRAO } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { razaoDaConta } from '../api';

const MOSTRADOS = 15;

function LancamentosDaConta({ contaId }: { contaId: number }) {
  const fim = hojeNaZona(ZONA_PADRAO);
  const inicio = somarDias(fim, -29);
  const r = useQuery({
    queryKey: ['razao-bancario', contaId, inicio, fim],
    queryFn: () => razaoDaConta(contaId, inicio, fim),
  });
  const d = r.data;
  return (
    <Paper withBorder p="sm" mt="md" data-cy="conta-lancamentos">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Lançamentos
        </Title>
        <Anchor href={`#/financeiro/lancamentos?conta=${contaId}`} fz="sm" data-cy="conta-abrir-razao">
          Abrir o razão da conta
        </Anchor>
      </Group>
      {r.isError && <Text c="red">Não foi possível carregar os lançamentos.</Text>}
      {d && (
        <>
          <Text fz="sm" mb="xs">
            {dataBr(d.inicio)} a {dataBr(d.fim)} · Saldo anterior: <b>{formatarDinheiro(d.saldoAnterior)}</b> ·
            Créditos: {formatarDinheiro(d.creditos)} · Débitos: {formatarDinheiro(d.debitos)} · Saldo final:{' '}
            <b>{formatarDinheiro(d.saldoFinal)}</b>
          </Text>
          {d.lancamentos.length === 0 ? (
            <Text fz="sm" c="dimmed">
              Nenhum lançamento nos últimos 30 dias.
            </Text>
          ) : (
            <Table fz="sm" striped>
              <Table.Tbody>
                {d.lancamentos.slice(-MOSTRADOS).map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{dataBr(l.data)}</Table.Td>
                    <Table.Td>{[l.historico, l.complemento].filter(Boolean).join(' — ') || '—'}</Table.Td>
                    <Table.Td ta="right" c={l.tipo === 'DEBITO' ? 'red.7' : undefined}>
                      {formatarDinheiro(l.tipo === 'DEBITO' ? `-${l.valor}` : l.valor)}
                    </Table.Td>
                    <Table.Td ta="right">{formatarDinheiro(l.saldoApos)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Paper>
  );
}

/** Shown below the Conta corrente's fields, to whoever reads the bank ledger, once the account exists. */
export function AreaDoRegistroContaCorrente(p: { registro: string; id?: string; permissoes: readonly string[] }) {
  if (p.registro !== 'contaCorrente' || p.id === undefined) return null;
  if (!p.permissoes.includes('PERM_LANCAMENTO_BANCARIO_ACESSO')) return null;
  return <LancamentosDaConta contaId={Number(p.id)} />;
}
