/**
 * /conciliacaoContaCorrente/conciliar?conta&inicio&fim (domain §2.4): statement lines on the left, ledger entries
 * on the right, totals of what is selected; the suggestions confirmed one by one or all at once; a manual match
 * of the selection (exact sum); "Gerar lançamento" from one unmatched line; at the end the system balance
 * against the statement's. Without all three parameters → back to the panel (leaving clears account and period).
 */
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  centavosDe,
  comandoAplicarRegras,
  comandoConciliar,
  comandoDesconciliar,
  comandoGerarLancamento,
  comandoIgnorarLinha,
  dataBr,
  formatarDinheiro,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { CHAVE_PROPOSTAS, listarContas, listarHistoricos, painelConciliacao } from '../api';
import { ListaConciliacao } from './ListaConciliacao';
import { PropostasNaConciliacao } from './PropostasNaConciliacao';

const reais = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return formatarDinheiro(`${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`);
};

/** "Aplicar regras" that took nothing: an information, not an error. */
class RegrasSemEfeito extends Error {}

export function ConciliarPage() {
  const { titulo } = useRotaAtual();
  const [url] = useSearchParams();
  const conta = Number(url.get('conta'));
  const inicio = url.get('inicio') ?? '';
  const fim = url.get('fim') ?? '';
  const valido = conta > 0 && /^\d{4}-\d{2}-\d{2}$/.test(inicio) && /^\d{4}-\d{2}-\d{2}$/.test(fim);
  const painel = useQuery({
    queryKey: ['conciliar', conta, inicio, fim],
    queryFn: () => painelConciliacao(conta, inicio, fim),
    enabled: valido,
  });
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  const qc = useQueryClient();
  const historicos = useQuery({ queryKey: ['historicos-padrao'], queryFn: listarHistoricos });
  const [selL, setSelL] = useState<Set<string>>(new Set());
  const [selE, setSelE] = useState<Set<string>>(new Set());
  const [historico, setHistorico] = useState<string | null>(null);
  const [desfazer, setDesfazer] = useState<string[]>([]);
  // 5 000 items each side: the selection's sums look amounts up by id
  const valores = useMemo(
    () => ({
      linhas: new Map((painel.data?.linhas ?? []).map((l) => [l.id, l.valor])),
      lancamentos: new Map((painel.data?.lancamentos ?? []).map((l) => [l.id, l.valor])),
    }),
    [painel.data],
  );
  const conciliar = useComando(comandoConciliar);
  const gerar = useComando(comandoGerarLancamento);
  const desconciliar = useComando(comandoDesconciliar);
  const aplicarRegras = useComando(comandoAplicarRegras);
  const ignorar = useComando(comandoIgnorarLinha);
  if (!valido) return <Navigate to="/conciliacaoContaCorrente" replace />;

  const p = painel.data;
  const somaL = [...selL].reduce((s, id) => s + centavosDe(valores.linhas.get(id) ?? '0'), 0n);
  const somaE = [...selE].reduce((s, id) => s + centavosDe(valores.lancamentos.get(id) ?? '0'), 0n);
  const alternar = (set: Set<string>, setter: (s: Set<string>) => void, id: string) => {
    const n = new Set(set);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    setter(n);
  };
  async function depois(acao: () => Promise<unknown>, sucesso: string) {
    try {
      await acao();
      toast({ type: 'success', title: 'Sucesso', message: sucesso });
      setSelL(new Set());
      setSelE(new Set());
      // a match or a generated entry may complete a pattern: the learned proposals are read again
      await Promise.all([painel.refetch(), qc.invalidateQueries({ queryKey: CHAVE_PROPOSTAS })]);
    } catch (e) {
      if (e instanceof RegrasSemEfeito)
        toast({ type: 'info', title: 'Regras', message: 'Nenhuma linha pendente atende a uma regra de forma exata.' });
      else toast(toastDeErro(e, { entidade: 'conciliação de conta corrente' }));
    }
  }
  const confirmar = (grupos: { linhas: string[]; lancamentos: string[] }[]) =>
    depois(
      async () => {
        const r = await conciliar.executar({ contaCorrenteId: conta, grupos });
        setDesfazer(r.conciliacoes.map((c) => c.id));
        // the pair leaves both lists as soon as the server confirms, not after the re-read of 5 000 × 2 items
        // (lines and entries are numbered apart: one set per side)
        const linhas = new Set(grupos.flatMap((g) => g.linhas));
        const lancamentos = new Set(grupos.flatMap((g) => g.lancamentos));
        qc.setQueryData<typeof p>(['conciliar', conta, inicio, fim], (d) =>
          d
            ? {
                ...d,
                linhas: d.linhas.filter((l) => !linhas.has(l.id)),
                lancamentos: d.lancamentos.filter((l) => !lancamentos.has(l.id)),
                sugestoes: d.sugestoes.filter(
                  (s) => !s.linhas.some((id) => linhas.has(id)) && !s.lancamentos.some((id) => lancamentos.has(id)),
                ),
              }
            : d,
        );
      },
      grupos.length > 1 ? `${grupos.length} conciliações confirmadas.` : 'Conciliação confirmada.',
    );
  // Enter in either list: the selection, when both sides are chosen and their sums are equal
  const confirmarSelecao = () => {
    if (selL.size && selE.size && somaL === somaE) void confirmar([{ linhas: [...selL], lancamentos: [...selE] }]);
  };
  const desc = (ids: string[], lista: { id: string; descricao: string | null }[] | undefined) =>
    ids.map((id) => lista?.find((x) => x.id === id)?.descricao ?? '—').join(' + ');

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Group gap="sm">
          <Text c="dimmed">
            {contas.data?.find((c) => c.id === conta)?.descricao} · {dataBr(inicio)} a {dataBr(fim)}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void depois(async () => {
                const r = await aplicarRegras.executar({ contaCorrenteId: conta, inicio, fim });
                if (!r.conciliacoes) throw new RegrasSemEfeito();
              }, 'Regras aplicadas.')
            }
            data-cy="conc-aplicar-regras"
          >
            Aplicar regras
          </Button>
        </Group>
      </Group>
      <PropostasNaConciliacao conta={conta} />
      {p && p.sugestoes.length > 0 && (
        <Paper withBorder p="sm" data-cy="conc-sugestoes">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>Sugestões ({p.sugestoes.length})</Text>
            <Button size="xs" onClick={() => void confirmar(p.sugestoes)} data-cy="conc-confirmar-todas">
              Confirmar todas
            </Button>
          </Group>
          <Table fz="sm" striped>
            <Table.Tbody>
              {p.sugestoes.map((s) => (
                <Table.Tr key={`${s.linhas.join()}-${s.lancamentos.join()}`} data-cy="conc-sugestao">
                  <Table.Td>{desc(s.linhas, p.linhas)}</Table.Td>
                  <Table.Td>⇄ {desc(s.lancamentos, p.lancamentos)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{s.tipo}</Badge>{' '}
                    {s.mesmoDocumento && <Badge color="green">mesmo documento</Badge>}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatarDinheiro(p.linhas.find((l) => l.id === s.linhas[0])?.valor ?? '0')}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-sm" variant="subtle" onClick={() => void confirmar([s])}>
                      Confirmar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {[
          {
            titulo: 'Extrato do banco',
            itens: p?.linhas ?? [],
            sel: selL,
            set: setSelL,
            soma: somaL,
            cy: 'conc-extrato',
          },
          {
            titulo: 'Lançamentos do sistema',
            itens: p?.lancamentos ?? [],
            sel: selE,
            set: setSelE,
            soma: somaE,
            cy: 'conc-sistema',
          },
        ].map((lado) => (
          <Paper withBorder p="sm" key={lado.cy} data-cy={lado.cy}>
            <Text fw={600} mb="xs">
              {lado.titulo} — pendentes: {lado.itens.length}
            </Text>
            <Text fz="xs" c="dimmed" mb={4}>
              ↑ ↓ percorrem, Espaço seleciona, Enter concilia a seleção
            </Text>
            <ListaConciliacao
              rotulo={lado.titulo}
              itens={lado.itens}
              selecionados={lado.sel}
              aoAlternar={(id) => alternar(lado.sel, lado.set, id)}
              aoConfirmar={confirmarSelecao}
            />
            <Text fz="sm" mt="xs" ta="right" data-cy={`${lado.cy}-selecao`}>
              Selecionado: {reais(lado.soma)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <Select
            placeholder="Histórico padrão"
            searchable
            data={(historicos.data ?? []).map((h) => ({ value: String(h.id), label: `${h.codigo} - ${h.descricao}` }))}
            value={historico}
            onChange={setHistorico}
            w={280}
            data-cy="conc-historico"
          />
          <Button
            variant="default"
            disabled={selL.size !== 1 || selE.size > 0 || !historico}
            onClick={() =>
              void depois(
                () =>
                  gerar.executar({
                    contaCorrenteId: conta,
                    linhaId: [...selL][0]!,
                    historicoPadraoId: Number(historico),
                  }),
                'Lançamento gerado e conciliado.',
              )
            }
            data-cy="conc-gerar"
          >
            Gerar lançamento
          </Button>
          <Button
            variant="subtle"
            disabled={selL.size !== 1 || selE.size > 0}
            onClick={() =>
              void depois(
                () => ignorar.executar({ contaCorrenteId: conta, linhaId: Number([...selL][0]), ignorar: true }),
                'Linha ignorada.',
              )
            }
            data-cy="conc-ignorar"
          >
            Ignorar linha
          </Button>
        </Group>
        <Group gap="xs">
          {desfazer.length === 1 && (
            <Button
              variant="subtle"
              onClick={() =>
                void depois(async () => {
                  await desconciliar.executar({ contaCorrenteId: conta, conciliacaoId: Number(desfazer[0]) });
                  setDesfazer([]);
                }, 'Conciliação desfeita.')
              }
            >
              Desconciliar a última
            </Button>
          )}
          <Button
            disabled={!selL.size || !selE.size || somaL !== somaE}
            onClick={() => void confirmar([{ linhas: [...selL], lancamentos: [...selE] }])}
            data-cy="conc-conciliar"
          >
            Conciliar seleção
          </Button>
        </Group>
      </Group>
      {selL.size > 0 && selE.size > 0 && somaL !== somaE && (
        <Alert color="yellow">
          A soma das linhas ({reais(somaL)}) é diferente da soma dos lançamentos ({reais(somaE)}).
        </Alert>
      )}
      {p && (
        <Paper withBorder p="sm" data-cy="conc-saldos">
          <Text fz="sm">
            Saldo do sistema em {dataBr(p.fim)}: <b>{formatarDinheiro(p.saldoSistema)}</b>
            {p.saldoExtrato && (
              <>
                {' '}
                · Saldo do extrato em {dataBr(p.dataSaldoExtrato ?? p.fim)}: <b>{formatarDinheiro(p.saldoExtrato)}</b> ·
                Diferença: <b data-cy="conc-diferenca">{formatarDinheiro(p.diferenca ?? '0')}</b>
              </>
            )}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
