/**
 * Running the reconciliation rules against the database: the pending lines and entries of an account, the pure
 * engine's decisions (domain financeiro/regra-conciliacao/motor.ts), and — when applying — the entries posted to
 * the bank ledger (one set-based posting) and the reconciliations recorded with the rule that made them. The
 * import runs the auto-confirming rules over its new lines; the on-demand command runs every exact decision; a
 * rule's preview only decides.
 */
import {
  aplicarRegras,
  centavosDe,
  type DecisaoDeRegra,
  type EfeitoDeRegra,
  hojeNaZona,
  type LancamentoDoMotor,
  type LinhaDoMotor,
  MAX_JANELA_REGRA,
  type RegraDoMotor,
  somarDias,
  zonaDaLoja,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { travarEscopos } from '../../ledger/periodo';
import { gravarConciliacoes } from './conciliacao.passos';
import { type EntradaDoRazao, LEDGER_BANCO, lancarNoBanco } from './razao-bancario';

export interface ContaAlvo {
  id: number;
  lojaId: number;
  hoje: string;
}

/** The accounts that take part in reconciliation, of the given stores (or just `contaId` when it is one of them). */
export async function contasAlvo(trx: Tx, lojas: readonly number[], contaId: number | null): Promise<ContaAlvo[]> {
  const { rows } = await sql<{ id: number; lojaId: number; uf: string; codigoIbge: string | null }>`
    select c.id, c.loja_id, l.uf, l.codigo_ibge from conta_corrente c join loja l on l.id = c.loja_id
     where c.ativo and c.utiliza_conciliacao and c.loja_id = any(${lojas}::int4[])
       and (${contaId}::int4 is null or c.id = ${contaId}::int4)
     order by c.id`.execute(trx);
  return rows.map((r) => ({ id: r.id, lojaId: r.lojaId, hoje: hojeNaZona(zonaDaLoja(r)) }));
}

interface RegraLida {
  id: number;
  prioridade: number;
  contaCorrenteId: number | null;
  confirmarAutomatico: boolean;
  condicoes: RegraDoMotor['condicoes'];
  acao: RegraDoMotor['acao'];
}

/** The active rules that may take a line of the account (its own and the tenant-wide ones). */
export async function regrasDaConta(trx: Tx, contaId: number): Promise<RegraDoMotor[]> {
  const { rows } = await sql<RegraLida>`
    select id, prioridade, conta_corrente_id, confirmar_automatico, condicoes, acao from regra_conciliacao
     where ativo and (conta_corrente_id is null or conta_corrente_id = ${contaId}) order by prioridade, id`.execute(
    trx,
  );
  return rows;
}

export interface LinhaPendente extends LinhaDoMotor {
  valor: string;
}

/** Pending lines of the period (not ignored, not future, not reconciled), optionally only `ids`. */
async function linhasPendentes(
  trx: Tx,
  conta: ContaAlvo,
  inicio: string,
  fim: string,
  ids: readonly string[] | null,
): Promise<LinhaPendente[]> {
  const { rows } = await sql<Omit<LinhaPendente, 'centavos' | 'contaCorrenteId'>>`
    select l.id::text as id, to_char(l.data, 'YYYY-MM-DD') as data, l.valor::text as valor, l.descricao,
           l.numero_documento
      from extrato_linha l
     where l.conta_corrente_id = ${conta.id} and l.data between ${inicio}::date and least(${fim}::date, ${conta.hoje}::date)
       and not l.ignorado
       and (${ids}::int8[] is null or l.id = any(${ids}::int8[]))
       and not exists (select 1 from conciliacao_linha cl where cl.linha_id = l.id and cl.ativo)
     order by l.data, l.id`.execute(trx);
  return rows.map((r) => ({ ...r, contaCorrenteId: conta.id, centavos: centavosDe(r.valor) }));
}

/** Pending entries (not reversed, not reconciled) around the period: a match looks inside its window. */
async function lancamentosPendentes(trx: Tx, conta: number, inicio: string, fim: string): Promise<LancamentoDoMotor[]> {
  const { rows } = await sql<{ id: string; data: string; valor: string; origem: string }>`
    select e.id::text as id, to_char(e.data, 'YYYY-MM-DD') as data,
           (case when e.tipo = 'CREDITO' then e.valor else -e.valor end)::text as valor, e.origem
      from lancamento_bancario e
     where e.conta_corrente_id = ${conta}
       and e.data between ${somarDias(inicio, -MAX_JANELA_REGRA)}::date and ${somarDias(fim, MAX_JANELA_REGRA)}::date
       and e.estorno_de is null
       and not exists (select 1 from lancamento_bancario r where r.assinante_id = e.assinante_id and r.estorno_de = e.id)
       and not exists (select 1 from conciliacao_lancamento cl where cl.lancamento_id = e.id and cl.ativo)`.execute(
    trx,
  );
  return rows.map((r) => ({ id: r.id, data: r.data, origem: r.origem, centavos: centavosDe(r.valor) }));
}

export interface Decididas {
  linhas: Map<string, LinhaPendente>;
  decisoes: DecisaoDeRegra[];
}

/** The engine's decisions over the account's pending lines of the period (nothing written). */
export async function decidir(
  trx: Tx,
  conta: ContaAlvo,
  regras: readonly RegraDoMotor[],
  periodo: { inicio: string; fim: string; linhaIds?: readonly string[] },
): Promise<Decididas> {
  if (!regras.length) return { linhas: new Map(), decisoes: [] };
  const linhas = await linhasPendentes(trx, conta, periodo.inicio, periodo.fim, periodo.linhaIds ?? null);
  const lancs = linhas.length ? await lancamentosPendentes(trx, conta.id, periodo.inicio, periodo.fim) : [];
  return { linhas: new Map(linhas.map((l) => [l.id, l])), decisoes: aplicarRegras(regras, linhas, lancs) };
}

export function efeitos(d: Decididas): EfeitoDeRegra[] {
  return d.decisoes.map((x) => {
    const l = d.linhas.get(x.linhaId)!;
    return {
      linhaId: l.id,
      contaCorrenteId: l.contaCorrenteId,
      data: l.data,
      valor: l.valor,
      descricao: l.descricao,
      regraId: x.regraId,
      acao: x.tipo,
      lancamentoId: x.tipo === 'CONCILIAR' ? x.lancamentoId : null,
      complemento: x.tipo === 'GERAR_LANCAMENTO' ? x.complemento : null,
      exata: x.exata,
    };
  });
}

/**
 * Carries out the decisions (the caller chose which: exact, or auto-confirming): generated entries are posted
 * in one statement and reconciled with their line, matches reconciled; each reconciliation names its rule. Lines
 * in the account's closed period and entries whose histórico no longer fits the line's sign are left pending.
 */
export async function executarDecisoes(
  trx: Tx,
  conta: ContaAlvo,
  d: Decididas,
  escolhidas: readonly DecisaoDeRegra[],
  usuarioId: number | null,
): Promise<{ feitas: DecisaoDeRegra[]; lancamentosCriados: number }> {
  if (!escolhidas.length) return { feitas: [], lancamentosCriados: 0 };
  const fechadoAte = (await travarEscopos(trx, LEDGER_BANCO, [conta.id])).get(conta.id) ?? null;
  const historicos = [
    ...new Set(escolhidas.flatMap((x) => (x.tipo === 'GERAR_LANCAMENTO' ? [x.historicoPadraoId] : []))),
  ];
  const { rows: h } = historicos.length
    ? await sql<{ id: number; natureza: string }>`
        select id, natureza from historico_padrao where ativo and id = any(${historicos}::int4[])
          and (aplicacao is null or cardinality(aplicacao) = 0 or 'CONTA_CORRENTE' = any(aplicacao))`.execute(trx)
    : { rows: [] };
  const natureza = new Map(h.map((x) => [x.id, x.natureza]));
  const validas = escolhidas.filter((x) => {
    const l = d.linhas.get(x.linhaId)!;
    if (fechadoAte && l.data <= fechadoAte) return false;
    if (x.tipo === 'CONCILIAR') return true;
    const n = natureza.get(x.historicoPadraoId);
    return n === 'AMBOS' || n === (l.centavos < 0n ? 'DEBITO' : 'CREDITO');
  });
  const gerar = validas.filter((x) => x.tipo === 'GERAR_LANCAMENTO');
  const entradas: EntradaDoRazao[] = gerar.map((x) => {
    const l = d.linhas.get(x.linhaId)!;
    return {
      contaCorrenteId: conta.id,
      lojaId: conta.lojaId,
      data: l.data,
      tipo: l.centavos < 0n ? 'DEBITO' : 'CREDITO',
      valor: l.valor.replace('-', ''),
      historicoPadraoId: x.historicoPadraoId,
      complemento: x.complemento,
      numeroDocumento: l.numeroDocumento ?? null,
      origem: 'CONCILIACAO',
    };
  });
  const ids = await lancarNoBanco(trx, entradas, usuarioId, 'linhaId');
  const gerado = new Map(gerar.map((x, i) => [x.linhaId, ids[i]!]));
  await gravarConciliacoes(
    trx,
    conta.id,
    usuarioId,
    validas.map((x) => ({
      linhas: [x.linhaId],
      lancamentos: [x.tipo === 'CONCILIAR' ? x.lancamentoId : gerado.get(x.linhaId)!],
      regraId: x.regraId,
    })),
  );
  return { feitas: validas, lancamentosCriados: ids.length };
}
