/**
 * Steps of the OFX import (extrato.workflow.ts): read the file (a Portuguese 422 naming the line), find each
 * statement's account among the user's (bank COMPE + branch + account; none or several → the user chooses,
 * `?contaCorrenteId=` forces it), then keep only the lines whose identity the account has not seen (a re-import
 * adds nothing), lines after DTSERVER counted as future. The preview is the same steps rolled back.
 */
import {
  type ArquivoOfx,
  type ContaParaExtrato,
  contasDoExtrato,
  type EntradaImportacaoExtrato,
  ErroOfx,
  type ExtratoImportado,
  type ExtratoOfx,
  hojeNaZona,
  identidadesDasLinhas,
  lerOfx,
  MSG_EXTRATO_BANCARIO as MSG,
  type RegraDoMotor,
  zonaDaLoja,
} from '@retaguarda/domain';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { unnestDe } from '../../ledger/colunas';
import { type ContextoDoComando, conflito, recusar, travar } from '../../workflows';
import { contasAlvo, decidir, executarDecisoes, regrasDaConta } from './regra-conciliacao.aplicacao';

interface ContaDoUsuario extends ContaParaExtrato {
  descricao: string;
  lojaId: number;
  uf: string;
  codigoIbge: string | null;
}
export interface EstadoImportacao {
  arquivo?: ArquivoOfx;
  contas: ContaDoUsuario[];
  extratos: ExtratoImportado[];
}
export const estadoImportacao = (): EstadoImportacao => ({ contas: [], extratos: [] });
type Ctx = ContextoDoComando<EntradaImportacaoExtrato, EstadoImportacao>;

export function lerArquivo(ctx: Ctx): void {
  try {
    ctx.estado.arquivo = lerOfx(ctx.entrada.conteudo);
  } catch (e) {
    if (e instanceof ErroOfx) throw recusar('arquivo', MSG.arquivo(e.message));
    throw e;
  }
}

/** The active accounts of the user's stores (another store's account is neither listed nor imported into). */
export async function lerContas(ctx: Ctx): Promise<void> {
  const { rows } = await sql<ContaDoUsuario>`
    select c.id, c.descricao, c.loja_id, a.codigo_banco, c.agencia, c.agencia_digito, c.numero_conta,
           c.numero_conta_digito, l.uf, l.codigo_ibge
      from conta_corrente c join loja l on l.id = c.loja_id
      left join agente_financeiro a on a.id = c.agente_financeiro_id
     where c.ativo and c.loja_id = any(${ctx.auth.lojas}::int4[]) order by c.id`.execute(ctx.trx);
  ctx.estado.contas = rows;
  const forcada = ctx.entrada.contaCorrenteId;
  if (forcada && !rows.some((c) => c.id === forcada)) throw recusar('contaCorrenteId', MSG.contaNaoEncontrada);
}

const somar = (valores: string[], sinal: 1 | -1): string => {
  let c = 0n;
  for (const v of valores) {
    const n = BigInt(v.replace('.', ''));
    if ((n > 0n && sinal > 0) || (n < 0n && sinal < 0)) c += n < 0n ? -n : n;
  }
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
};

/**
 * The lines' identities as the database keeps them: SHA-256, hex (decoded to bytea in SQL). The unique index
 * compares 32 bytes instead of a long collated text (migration 0423).
 */
export const hashesDasIdentidades = (identidades: readonly string[]): string[] =>
  identidades.map((t) => createHash('sha256').update(t, 'utf8').digest('hex'));

export async function importar(ctx: Ctx): Promise<void> {
  const arquivo = ctx.estado.arquivo!;
  for (const e of arquivo.extratos) {
    const candidatas = contasDoExtrato(e, ctx.estado.contas);
    const forcada = ctx.estado.contas.find((c) => c.id === ctx.entrada.contaCorrenteId);
    const conta = forcada ?? (candidatas.length === 1 ? candidatas[0] : undefined);
    const base = {
      banco: e.banco,
      agencia: e.agencia,
      conta: e.conta,
      inicio: e.inicio,
      fim: e.fim,
      saldo: e.saldo,
      dataSaldo: e.dataSaldo,
      linhas: e.linhas.length,
      creditos: somar(
        e.linhas.map((l) => l.valor),
        1,
      ),
      debitos: somar(
        e.linhas.map((l) => l.valor),
        -1,
      ),
    };
    if (!conta) {
      if (!ctx.previa)
        throw recusar(
          'contaCorrenteId',
          candidatas.length ? MSG.variasContas(e.conta) : MSG.semConta(e.banco, e.agencia, e.conta),
        );
      ctx.estado.extratos.push({
        ...base,
        id: null,
        contaCorrenteId: null,
        contasPossiveis: (candidatas.length ? candidatas : ctx.estado.contas).map((c) => ({
          id: c.id,
          descricao: c.descricao,
        })),
        novas: 0,
        repetidas: 0,
        futuras: 0,
        conciliadasPorRegra: 0,
      });
      continue;
    }
    ctx.estado.extratos.push(await gravarExtrato(ctx, e, conta, base));
  }
  const ids = ctx.estado.extratos.map((x) => x.id).filter((x) => x !== null);
  ctx.auditoria = {
    entidade: 'extratoBancario',
    entidadeId: ids[0] ?? null,
    operacao: 'INCLUSAO',
    depois: { nomeArquivo: ctx.entrada.nomeArquivo, extratos: ctx.estado.extratos },
  };
}

async function gravarExtrato(
  ctx: Ctx,
  e: ExtratoOfx,
  conta: ContaDoUsuario,
  base: Omit<
    ExtratoImportado,
    'id' | 'contaCorrenteId' | 'contasPossiveis' | 'novas' | 'repetidas' | 'futuras' | 'conciliadasPorRegra'
  >,
): Promise<ExtratoImportado> {
  // two imports into one account wait for each other (identities are compared, then inserted)
  await travar(ctx.trx, ctx.assinanteId, `banco.extrato:${conta.id}`);
  const identidades = hashesDasIdentidades(identidadesDasLinhas(e.linhas));
  const { rows } = await sql<{ identidade: string }>`
    select encode(identidade_hash, 'hex') as identidade from extrato_linha where conta_corrente_id = ${conta.id}
       and identidade_hash = any(select decode(h, 'hex') from unnest(${identidades}::text[]) h)`.execute(ctx.trx);
  const vistas = new Set(rows.map((r) => r.identidade));
  const limite = ctx.estado.arquivo!.servidor ?? hojeNaZona(zonaDaLoja(conta));
  const novas = e.linhas
    .map((l, i) => ({ ...l, identidade: identidades[i]! }))
    .filter((l) => !vistas.has(l.identidade));
  const futuras = novas.filter((l) => l.data > limite).length;
  const resposta: ExtratoImportado = {
    ...base,
    id: null,
    contaCorrenteId: conta.id,
    contasPossiveis: [],
    novas: novas.length - futuras,
    repetidas: e.linhas.length - novas.length,
    futuras,
    conciliadasPorRegra: 0,
  };
  if (!novas.length) return resposta;
  const regras = await regrasAutomaticas(ctx, conta);
  // the preview's answer is the counts above unless a rule would reconcile on import: then the lines are written
  // (and rolled back) so the rules run as they would
  if (ctx.previa && !regras.length) return resposta;
  const { rows: ext } = await sql<{ id: number }>`
    insert into extrato_bancario (conta_corrente_id, loja_id, nome_arquivo, banco, agencia, conta, periodo_inicio,
                                  periodo_fim, saldo_extrato, data_saldo, usuario_id, quantidade_linhas)
    values (${conta.id}, ${conta.lojaId}, ${ctx.entrada.nomeArquivo ?? null}, ${e.banco}, ${e.agencia}, ${e.conta},
            ${e.inicio}::date, ${e.fim}::date, ${e.saldo}::numeric, ${e.dataSaldo}::date, ${ctx.usuarioId}, ${novas.length})
    returning id`.execute(ctx.trx);
  const id = ext[0]!.id;
  const it = unnestDe('t', [
    { nome: 'identidade', tipo: 'text', valores: novas.map((l) => l.identidade) },
    { nome: 'fit_id', tipo: 'text', valores: novas.map((l) => l.fitId) },
    { nome: 'tipo', tipo: 'text', valores: novas.map((l) => l.tipoTransacao) },
    { nome: 'data', tipo: 'date', valores: novas.map((l) => l.data) },
    { nome: 'valor', tipo: 'numeric', valores: novas.map((l) => l.valor) },
    { nome: 'descricao', tipo: 'text', valores: novas.map((l) => l.descricao) },
    { nome: 'numero_documento', tipo: 'text', valores: novas.map((l) => l.numeroDocumento) },
  ]);
  await sql`
    insert into extrato_linha (extrato_id, conta_corrente_id, identidade_hash, fit_id, tipo_transacao, data, valor,
                               descricao, numero_documento, futura)
    select ${id}, ${conta.id}, decode(identidade, 'hex'), fit_id, tipo, data, valor, descricao, numero_documento, data > ${limite}::date
      from ${it} order by ord`.execute(ctx.trx);
  const conciliadasPorRegra = await conciliarPorRegras(ctx, conta, id, regras);
  // the preview rolls back: nothing it would create has an id yet
  return { ...resposta, id: ctx.previa ? null : id, conciliadasPorRegra };
}

/** The account's auto-confirming rules (none when it takes no part in reconciliation). */
async function regrasAutomaticas(ctx: Ctx, conta: ContaDoUsuario): Promise<RegraDoMotor[]> {
  const [alvo] = await contasAlvo(ctx.trx, [conta.lojaId], conta.id);
  if (!alvo) return [];
  return (await regrasDaConta(ctx.trx, conta.id)).filter((r) => r.confirmarAutomatico);
}

/** The auto-confirming rules over the import's new lines. */
async function conciliarPorRegras(
  ctx: Ctx,
  conta: ContaDoUsuario,
  extratoId: number,
  regras: readonly RegraDoMotor[],
): Promise<number> {
  if (!regras.length) return 0;
  const [alvo] = await contasAlvo(ctx.trx, [conta.lojaId], conta.id);
  if (!alvo) return 0;
  const { rows } = await sql<{ ids: string[]; inicio: string; fim: string }>`
    select array_agg(id)::text[] as ids, to_char(min(data), 'YYYY-MM-DD') as inicio, to_char(max(data), 'YYYY-MM-DD') as fim
      from extrato_linha where extrato_id = ${extratoId}`.execute(ctx.trx);
  const r = rows[0]!;
  const d = await decidir(ctx.trx, alvo, regras, { inicio: r.inicio, fim: r.fim, linhaIds: r.ids });
  const feitas = await executarDecisoes(
    ctx.trx,
    alvo,
    d,
    d.decisoes.filter((x) => x.automatica),
    ctx.usuarioId,
  );
  return feitas.feitas.length;
}

/** An import is deleted only while none of its lines is reconciled. */
export async function excluirExtrato(ctx: ContextoDoComando<{ id: number }, unknown>): Promise<void> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from conciliacao_linha cl join extrato_linha l on l.id = cl.linha_id
     where l.extrato_id = ${ctx.entrada.id} and cl.ativo`.execute(ctx.trx);
  if (rows[0]!.n) throw conflito(MSG.importacaoConciliada);
  // the lines first: they hold no reference to their header (no per-row check on a 50 000-line insert, 0424)
  await sql`delete from extrato_linha where extrato_id = ${ctx.entrada.id}`.execute(ctx.trx);
  await sql`delete from extrato_bancario where id = ${ctx.entrada.id}`.execute(ctx.trx);
  ctx.auditoria = { entidade: 'extratoBancario', entidadeId: ctx.entrada.id, operacao: 'EXCLUSAO' };
}
