/**
 * /conciliacaoContaCorrente/conciliar?conta&inicio&fim (domain §2.4): statement lines on the left, ledger entries
 * on the right, totals of what is selected; the suggestions confirmed one by one or all at once; a manual match
 * of the selection (exact sum); "Gerar lançamento" from one unmatched line; at the end the system balance
 * against the statement's. Without all three parameters → back to the panel (leaving clears account and period).
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  centavosDe,
  comandoAplicarRegras,
  comandoConciliar,
  comandoDesconciliar,
  comandoGerarLancamento,
  comandoIgnorarLinha,
  dataBr,
  formatarDinheiro,
  type PainelConciliacao,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { CHAVE_PROPOSTAS, listarContas, painelConciliacao } from '../api';
import { ListaConciliacao } from './ListaConciliacao';
import { devolver, retiradaDe, retirar } from './retirada';
import { SeletorHistorico } from './SeletorHistorico';
import { SugestoesDaConciliacao } from './SugestoesDaConciliacao';

type Grupo = PainelConciliacao['sugestoes'][number] | { linhas: string[]; lancamentos: string[] };
import { PropostasNaConciliacao } from './PropostasNaConciliacao';

const reais = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return formatarDinheiro(`${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`);
};

const VAZIO = new Set<string>();
const alternado = (s: Set<string>, id: string) => {
  const n = new Set(s);
  if (n.has(id)) n.delete(id);
  else n.add(id);
  return n;
};
const SEM_SUGESTOES: PainelConciliacao['sugestoes'] = [];

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
    // 5 000 × 2 items: comparing every re-read or optimistic removal item by item costs more than it saves
    structuralSharing: false,
  });
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  const qc = useQueryClient();
  const [selL, setSelL] = useState<Set<string>>(new Set());
  const [selE, setSelE] = useState<Set<string>>(new Set());
  const [historico, setHistorico] = useState<string | null>(null);
  const [desfazer, setDesfazer] = useState<string[]>([]);
  // 5 000 items each side: the selection's sums and the suggestions' texts look items up by id
  const porId = useMemo(
    () => ({
      linhas: new Map((painel.data?.linhas ?? []).map((l) => [l.id, l])),
      lancamentos: new Map((painel.data?.lancamentos ?? []).map((l) => [l.id, l])),
    }),
    [painel.data],
  );
  // stable, so a selection re-renders only the rows it changes (ListaConciliacao memoises its rows)
  const alternarL = useCallback((id: string) => setSelL((s) => alternado(s, id)), []);
  const alternarE = useCallback((id: string) => setSelE((s) => alternado(s, id)), []);
  const atuais = useRef({ confirmar: (_g: Grupo[]): Promise<void> => Promise.resolve(), confirmarSelecao: () => {} });
  const confirmarEstavel = useCallback((g: Grupo[]) => void atuais.current.confirmar(g), []);
  const confirmarSelecaoEstavel = useCallback(() => atuais.current.confirmarSelecao(), []);
  const conciliar = useComando(comandoConciliar);
  const gerar = useComando(comandoGerarLancamento);
  const desconciliar = useComando(comandoDesconciliar);
  const aplicarRegras = useComando(comandoAplicarRegras);
  const ignorar = useComando(comandoIgnorarLinha);
  if (!valido) return <Navigate to="/conciliacaoContaCorrente" replace />;

  const p = painel.data;
  const somaL = [...selL].reduce((s, id) => s + centavosDe(porId.linhas.get(id)?.valor ?? '0'), 0n);
  const somaE = [...selE].reduce((s, id) => s + centavosDe(porId.lancamentos.get(id)?.valor ?? '0'), 0n);
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
  /**
   * Optimistic: the groups leave both lists (and the suggestions that used their items) at once, the command
   * follows; a refusal puts them back with the server's reason. No re-read of the 5 000 × 2 items after a
   * success: the panel is only marked stale (what it would change — other suggestions — is read on the next visit).
   */
  async function confirmar(grupos: Grupo[]) {
    const chave = ['conciliar', conta, inicio, fim];
    const antes = qc.getQueryData<PainelConciliacao>(chave);
    const r = retiradaDe(grupos);
    const selAntes = { l: selL, e: selE };
    if (antes) qc.setQueryData<PainelConciliacao>(chave, (d) => (d ? retirar(d, r) : d));
    setSelL(VAZIO);
    setSelE(VAZIO);
    try {
      const feitas = await conciliar.executar({ contaCorrenteId: conta, grupos });
      setDesfazer(feitas.conciliacoes.map((c) => c.id));
      toast({
        type: 'success',
        title: 'Sucesso',
        message: grupos.length > 1 ? `${grupos.length} conciliações confirmadas.` : 'Conciliação confirmada.',
      });
      void qc.invalidateQueries({ queryKey: chave, refetchType: 'none' });
      // a match may complete a pattern: the learned proposals (a short list) are read again
      void qc.invalidateQueries({ queryKey: CHAVE_PROPOSTAS });
    } catch (e) {
      if (antes) qc.setQueryData<PainelConciliacao>(chave, (d) => (d ? devolver(d, antes, r) : d));
      // the selection comes back too, unless the user has started another one meanwhile
      setSelL((s) => (s.size ? s : selAntes.l));
      setSelE((s) => (s.size ? s : selAntes.e));
      const erro = toastDeErro(e, { entidade: 'conciliação de conta corrente' });
      toast({
        ...erro,
        message: `${grupos.length > 1 ? 'As conciliações não foram confirmadas e voltaram' : 'A conciliação não foi confirmada e o par voltou'} às listas. ${erro.message}`,
      });
    }
  }
  // Enter in either list: the selection, when both sides are chosen and their sums are equal
  const confirmarSelecao = () => {
    if (selL.size && selE.size && somaL === somaE) void confirmar([{ linhas: [...selL], lancamentos: [...selE] }]);
  };
  // the memoised lists and suggestions get stable callbacks that run this render's functions
  atuais.current = { confirmar, confirmarSelecao };

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
      <SugestoesDaConciliacao
        sugestoes={p?.sugestoes ?? SEM_SUGESTOES}
        linhas={porId.linhas}
        lancamentos={porId.lancamentos}
        aoConfirmar={confirmarEstavel}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {[
          {
            titulo: 'Extrato do banco',
            itens: p?.linhas ?? [],
            sel: selL,
            alternar: alternarL,
            soma: somaL,
            cy: 'conc-extrato',
          },
          {
            titulo: 'Lançamentos do sistema',
            itens: p?.lancamentos ?? [],
            sel: selE,
            alternar: alternarE,
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
              aoAlternar={lado.alternar}
              aoConfirmar={confirmarSelecaoEstavel}
            />
            <Text fz="sm" mt="xs" ta="right" data-cy={`${lado.cy}-selecao`}>
              Selecionado: {reais(lado.soma)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <SeletorHistorico valor={historico} aoMudar={setHistorico} />
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
