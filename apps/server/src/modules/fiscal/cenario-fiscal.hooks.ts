/**
 * Cenários fiscais (domain.md §3.5): the contract's rules between fields (CSOSN only for CRT 1/2/4, CST only
 * for CRT 3, CFOP direction and abrangência, NFC-e's CFOP list), every code checked against the official
 * tables, and one active rule per key and period: an overlapping vigência answers 409 naming the rule.
 * The overlap check runs under a per-tenant advisory lock so two concurrent saves cannot both pass it
 * (the EXCLUDE constraint of migration 0150 stays as the last word).
 * A save or a deletion enqueues the tenant's coverage recount once committed (cenario-recontagem.ts; the
 * triggers of migration 0200 have marked the NCMs it reaches in the same transaction).
 */
import {
  type CamposCenarioNcm,
  type CamposCenarioOperacao,
  cenarioFiscalNcm,
  cenarioFiscalOperacao,
  errosCenarioNcm,
  errosCenarioOperacao,
  type FalhaDeCampo,
  falhaDeCampo,
  MSG_CADASTRO_CENARIO as M,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { afterCommit, type Tx } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, merged, recusarFalhas } from '../../registers/hooks';
import { agendarRecontagem } from './cenario-recontagem';
import { codigosNatureza, tabelasCarregadas } from './natureza-receita.routes';

const existe = async (trx: Tx, q: ReturnType<typeof sql<{ ok: number }>>) => (await q.execute(trx)).rows.length > 0;

/** cEnq groups of the IPI (NT 2015.002): 001–099 imunidade, 101–199 suspensão, 301–399 isenção, 601–699 redução, 999 outros. */
const cEnqValido = (c: string) => {
  const n = Number(c);
  return (n >= 1 && n <= 99) || (n >= 101 && n <= 199) || (n >= 301 && n <= 399) || (n >= 601 && n <= 699) || n === 999;
};

async function codigosNcm(trx: Tx, c: CamposCenarioNcm): Promise<FalhaDeCampo[]> {
  const erros: FalhaDeCampo[] = [];
  if (
    c.ncm &&
    !(await existe(
      trx,
      sql`select 1 as ok from ncm_oficial where codigo = ${c.ncm} and digitos = 8 and data_fim >= ${c.vigenciaInicio}::date`,
    ))
  )
    erros.push(falhaDeCampo('ncm', M.ncmInexistente(c.ncm)));
  if (c.cest) {
    if (!(await existe(trx, sql`select 1 as ok from cest_codigo where codigo = ${c.cest}`)))
      erros.push(falhaDeCampo('cest', M.cestInexistente(c.cest)));
    else if (
      c.ncm &&
      !(await existe(trx, sql`select 1 as ok from cest_oficial where codigo = ${c.cest} and ${c.ncm} like ncm || '%'`))
    )
      erros.push(falhaDeCampo('cest', M.cestDeOutroNcm(c.cest, c.ncm)));
  }
  const tabela = async (campo: keyof CamposCenarioNcm, t: string, nome: string, tipo?: string) => {
    const v = c[campo] as string | null;
    if (!v) return;
    const r = await sql<{ tipo: string | null }>`select ${tipo ? sql.ref('tipo_operacao') : sql`null`} as tipo
      from ${sql.table(t)} where codigo = ${v}`.execute(trx);
    if (!r.rows.length) erros.push(falhaDeCampo(campo, M.codigoInexistente(nome, v)));
    else if (tipo && r.rows[0]!.tipo !== tipo)
      erros.push(falhaDeCampo(campo, M.cstDeOutraDirecao(v, tipo === 'entrada' ? 'entrada' : 'saída')));
  };
  await tabela('origem', 'origem_mercadoria', 'a origem', undefined);
  await tabela('cst', 'cst_icms', 'o CST', undefined);
  await tabela('csosn', 'csosn', 'o CSOSN', undefined);
  await tabela('ipiCstEntrada', 'cst_ipi', 'o CST do IPI', 'entrada');
  await tabela('ipiCstSaida', 'cst_ipi', 'o CST do IPI', 'saida');
  await tabela('pisCofinsCstEntrada', 'cst_pis_cofins', 'o CST do PIS/COFINS', 'entrada');
  await tabela('pisCofinsCstSaida', 'cst_pis_cofins', 'o CST do PIS/COFINS', 'saida');
  if (c.ipiCEnq && !cEnqValido(c.ipiCEnq)) erros.push(falhaDeCampo('ipiCEnq', M.cEnqInvalido(c.ipiCEnq)));
  if (c.naturezaReceita) {
    const cst = c.pisCofinsCstSaida && /^0[2-9]$/.test(c.pisCofinsCstSaida) ? c.pisCofinsCstSaida : null;
    if (!cst) erros.push(falhaDeCampo('naturezaReceita', M.naturezaSemCst));
    // the SPED tables are loaded per tenant by an administrator: until then the code is checked by format only
    else if ((await tabelasCarregadas(trx)) && !(await codigosNatureza(trx, cst, c.naturezaReceita)).length)
      erros.push(falhaDeCampo('naturezaReceita', M.naturezaForaDasTabelas(c.naturezaReceita, cst)));
  }
  const ref = async (campo: keyof CamposCenarioNcm, t: string, nome: string) => {
    const v = c[campo] as number | null;
    if (v && !(await existe(trx, sql`select 1 as ok from ${sql.table(t)} where id = ${v} and ativo`)))
      erros.push(falhaDeCampo(campo, M.naoEncontrado(nome)));
  };
  await ref('grupoNcmId', 'grupo_ncm', 'Grupo NCM');
  await ref('ramoAtuacaoId', 'ramo_atuacao', 'Ramo de atuação');
  await ref('processoJudicialId', 'processo_judicial', 'Processo judicial');
  return erros;
}

async function codigosOperacao(trx: Tx, c: CamposCenarioOperacao): Promise<FalhaDeCampo[]> {
  const erros: FalhaDeCampo[] = [];
  for (const campo of ['cfop', 'cfopComSt'] as const) {
    const v = c[campo];
    if (v && !(await existe(trx, sql`select 1 as ok from cfop_oficial where codigo = ${v} and utilizavel`)))
      erros.push(falhaDeCampo(campo, M.cfopInexistente(v)));
  }
  if (
    c.ramoAtuacaoId &&
    !(await existe(trx, sql`select 1 as ok from ramo_atuacao where id = ${c.ramoAtuacaoId} and ativo`))
  )
    erros.push(falhaDeCampo('ramoAtuacaoId', M.naoEncontrado('Ramo de atuação')));
  return erros;
}

/** Serialises the scenario saves of one tenant and kind (rare writes; the check below must see the others). */
const travar = (trx: Tx, tabela: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(app_assinante() || ':' || ${tabela}, 0))`.execute(trx);

interface Sobreposta {
  id: number;
  rotulo: string;
  inicio: string;
  fim: string | null;
}

async function sobreposicaoNcm(ctx: HookContext, c: CamposCenarioNcm): Promise<void> {
  await travar(ctx.trx, 'cenario_fiscal_ncm');
  const r = await sql<Sobreposta>`select id, descricao as rotulo, to_char(vigencia_inicio, 'YYYY-MM-DD') as inicio,
         to_char(vigencia_fim, 'YYYY-MM-DD') as fim
    from cenario_fiscal_ncm
   where ativo and id is distinct from ${ctx.id ?? null}::int
     and coalesce(ncm, '') = ${c.ncm ?? ''} and coalesce(excecao, '') = ${c.excecao ?? ''}
     and coalesce(cest, '') = ${c.cest ?? ''} and coalesce(grupo_ncm_id, 0) = ${c.grupoNcmId ?? 0}
     and uf_origem = ${c.ufOrigem} and uf_destino = ${c.ufDestino}
     and coalesce(ramo_atuacao_id, 0) = ${c.ramoAtuacaoId ?? 0} and coalesce(crt, 0) = ${c.crt ?? 0}
     and daterange(vigencia_inicio, vigencia_fim, '[]') && daterange(${c.vigenciaInicio}::date, ${c.vigenciaFim}::date, '[]')
   order by id limit 1`.execute(ctx.trx);
  const x = r.rows[0];
  if (x)
    throw new ApiError(409, M.sobreposicaoNcm(x.id, x.rotulo, x.inicio, x.fim), [
      falhaDeCampo('vigenciaInicio', M.vigenciaSobreposta, 'Início da vigência'),
    ]);
}

async function sobreposicaoOperacao(ctx: HookContext, c: CamposCenarioOperacao): Promise<void> {
  await travar(ctx.trx, 'cenario_fiscal_operacao');
  const r = await sql<Sobreposta>`select id, natureza_operacao as rotulo,
         to_char(vigencia_inicio, 'YYYY-MM-DD') as inicio, to_char(vigencia_fim, 'YYYY-MM-DD') as fim
    from cenario_fiscal_operacao
   where ativo and id is distinct from ${ctx.id ?? null}::int
     and tipo_operacao = ${c.tipoOperacao} and modelo = ${c.modelo} and finalidade = ${c.finalidade}
     and abrangencia = ${c.abrangencia} and coalesce(ramo_atuacao_id, 0) = ${c.ramoAtuacaoId ?? 0}
     and daterange(vigencia_inicio, vigencia_fim, '[]') && daterange(${c.vigenciaInicio}::date, ${c.vigenciaFim}::date, '[]')
   order by id limit 1`.execute(ctx.trx);
  const x = r.rows[0];
  if (x)
    throw new ApiError(409, M.sobreposicaoOperacao(x.id, x.rotulo, x.inicio, x.fim), [
      falhaDeCampo('vigenciaInicio', M.vigenciaSobreposta, 'Início da vigência'),
    ]);
}

async function salvarNcm(ctx: HookContext) {
  const c = merged(ctx) as unknown as CamposCenarioNcm;
  recusarFalhas(cenarioFiscalNcm, [...errosCenarioNcm(c), ...(await codigosNcm(ctx.trx, c))]);
  if (c.ativo !== false) await sobreposicaoNcm(ctx, c);
}

async function salvarOperacao(ctx: HookContext) {
  const c = merged(ctx) as unknown as CamposCenarioOperacao;
  recusarFalhas(cenarioFiscalOperacao, [...errosCenarioOperacao(c), ...(await codigosOperacao(ctx.trx, c))]);
  if (c.ativo !== false) await sobreposicaoOperacao(ctx, c);
}

/** After commit, not inline: the recount is a job; should the enqueue fail, the periodic sweep finds the marks. */
async function recontar(ctx: HookContext) {
  const { assinanteId, usuarioId } = ctx.auth;
  afterCommit(ctx.trx, (db) => {
    agendarRecontagem(db, assinanteId, usuarioId).catch(() => {});
  });
}

export const cenarioFiscalNcmHooks = defineRegisterHooks(cenarioFiscalNcm, {
  beforeCreate: salvarNcm,
  beforeUpdate: salvarNcm,
  afterWrite: recontar,
  beforeDelete: recontar,
});
export const cenarioFiscalOperacaoHooks = defineRegisterHooks(cenarioFiscalOperacao, {
  beforeCreate: salvarOperacao,
  beforeUpdate: salvarOperacao,
  afterWrite: recontar,
  beforeDelete: recontar,
});
