/**
 * /financeiro/lancamentos (domain §2.2): an account's bank ledger for a period — saldo anterior, entries with
 * the balance after each, credits, debits and saldo final — with new entries, transfers and reversals
 * (a reversal posts the inverse entry; the ledger is never edited).
 */
import { Alert, Button, Grid, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  comandoEstornoLancamento,
  dataBr,
  formatarDinheiro,
  hojeNaZona,
  type LancamentoBancario,
  ROTULO_ORIGEM,
  ZONA_PADRAO,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { lerDataBr } from '../../../lib/datas';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { listarContas, razaoDaConta } from '../api';
import { NovoLancamento } from './NovoLancamento';

const hoje = () => hojeNaZona(ZONA_PADRAO);

export function LancamentosPage() {
  const { titulo } = useRotaAtual();
  const podeIncluir = usePermissao(['PERM_LANCAMENTO_BANCARIO_INCLUIR']);
  const podeEstornar = usePermissao(['PERM_LANCAMENTO_BANCARIO_EXCLUIR']);
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  // The Conta corrente form links here with ?conta=<id>: that account is preselected (an unknown or foreign id
  // falls back to the first account the user may see).
  const [params] = useSearchParams();
  const [contaId, setContaId] = useState<number | null>(() => Number(params.get('conta')) || null);
  const [de, setDe] = useState(() => dataBr(`${hoje().slice(0, 8)}01`));
  const [ate, setAte] = useState(() => dataBr(hoje()));
  const [modo, setModo] = useState<'lancamento' | 'transferencia' | null>(null);
  const conta = contas.data?.find((c) => c.id === contaId) ?? contas.data?.[0];
  const inicio = lerDataBr(de);
  const fim = lerDataBr(ate);
  const razao = useQuery({
    queryKey: ['razao-bancario', conta?.id, inicio, fim],
    queryFn: () => razaoDaConta(conta!.id, inicio!, fim!),
    enabled: !!conta && !!inicio && !!fim,
  });
  const estornar = useComando(comandoEstornoLancamento);

  async function estornarLancamento(l: LancamentoBancario) {
    try {
      await estornar.executar({ contaCorrenteId: l.contaCorrenteId, lancamentoId: Number(l.id) });
      toast({ type: 'success', title: 'Sucesso', message: `Lançamento ${l.id} estornado.` });
      await razao.refetch();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'lançamentos bancários' }));
    }
  }

  const falha = razao.error ? falhaDaApi(razao.error) : null;
  const r = razao.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        {podeIncluir && conta && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setModo('transferencia')} data-cy="lanc-transferir">
              Transferência
            </Button>
            <Button onClick={() => setModo('lancamento')} data-cy="lanc-novo">
              Novo lançamento
            </Button>
          </Group>
        )}
      </Group>
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Select
            label="Conta corrente"
            searchable
            allowDeselect={false}
            data={(contas.data ?? []).map((c) => ({ value: String(c.id), label: c.descricao }))}
            value={conta ? String(conta.id) : null}
            onChange={(v) => setContaId(v ? Number(v) : null)}
            data-cy="lanc-conta"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label="De"
            placeholder="dd/mm/aaaa"
            value={de}
            onChange={(e) => setDe(e.currentTarget.value)}
            error={de && !inicio ? 'Data inválida.' : undefined}
            data-cy="lanc-de"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label="Até"
            placeholder="dd/mm/aaaa"
            value={ate}
            onChange={(e) => setAte(e.currentTarget.value)}
            error={ate && !fim ? 'Data inválida.' : undefined}
            data-cy="lanc-ate"
          />
        </Grid.Col>
      </Grid>
      {falha && (
        <Alert color="red">
          {[falha.message, ...falha.reasons].join(' ') || 'Não foi possível carregar os lançamentos.'}
        </Alert>
      )}
      {r && (
        <Paper withBorder p="sm" data-cy="lanc-razao">
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} data-cy="lanc-tabela">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Histórico</Table.Th>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th>Origem</Table.Th>
                  <Table.Th ta="right">Crédito</Table.Th>
                  <Table.Th ta="right">Débito</Table.Th>
                  <Table.Th ta="right">Saldo</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr fw={600}>
                  <Table.Td colSpan={6}>Saldo anterior a {dataBr(r.inicio)}</Table.Td>
                  <Table.Td ta="right" data-cy="lanc-saldo-anterior">
                    {formatarDinheiro(r.saldoAnterior)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
                {r.lancamentos.map((l) => (
                  <Table.Tr key={l.id} data-cy="lanc-linha" opacity={l.estornadoPor || l.estornoDe ? 0.6 : 1}>
                    <Table.Td>{dataBr(l.data)}</Table.Td>
                    <Table.Td>
                      {[l.historico, l.complemento].filter(Boolean).join(' — ') || '—'}
                      {l.estornadoPor && (
                        <Text span c="dimmed" fz="xs">
                          {' '}
                          (estornado)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{l.numeroDocumento ?? ''}</Table.Td>
                    <Table.Td>{ROTULO_ORIGEM[l.origem]}</Table.Td>
                    <Table.Td ta="right">{l.tipo === 'CREDITO' ? formatarDinheiro(l.valor) : ''}</Table.Td>
                    <Table.Td ta="right" c="red.7">
                      {l.tipo === 'DEBITO' ? formatarDinheiro(l.valor) : ''}
                    </Table.Td>
                    <Table.Td ta="right">{formatarDinheiro(l.saldoApos)}</Table.Td>
                    <Table.Td>
                      {podeEstornar && !l.estornadoPor && !l.estornoDe && !l.conciliado && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => void estornarLancamento(l)}
                          data-cy="lanc-estornar"
                        >
                          Estornar
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {!r.lancamentos.length && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text c="dimmed" fz="sm">
                        Nenhum lançamento no período.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                <Table.Tr fw={600}>
                  <Table.Td colSpan={4}>Totais e saldo em {dataBr(r.fim)}</Table.Td>
                  <Table.Td ta="right">{formatarDinheiro(r.creditos)}</Table.Td>
                  <Table.Td ta="right">{formatarDinheiro(r.debitos)}</Table.Td>
                  <Table.Td ta="right" data-cy="lanc-saldo-final">
                    {formatarDinheiro(r.saldoFinal)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {conta && (
        <NovoLancamento
          modo={modo}
          conta={conta}
          contas={contas.data ?? []}
          aoFechar={(salvou) => {
            setModo(null);
            if (salvou) void razao.refetch();
          }}
        />
      )}
    </Stack>
  );
}
