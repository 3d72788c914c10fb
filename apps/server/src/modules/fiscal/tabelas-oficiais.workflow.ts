/**
 * Codes missing from the incomplete official tables (CFOP, cStat, CEST), added by an administrator (faces:
 * domain fiscal/tabelas-oficiais.comandos.ts). The codes are GLOBAL (national law; other tables reference
 * cfop_oficial by key), insert-only through SECURITY DEFINER functions (migration 0085): an official row is
 * never changed, an existing code answers 409. Each addition is marked on the row and audited in the
 * tenant's trail (by the backbone).
 */
import {
  comandoIncluirCest,
  comandoIncluirCfop,
  comandoIncluirCstat,
  falhaDeCampo,
  type TabelaIncompleta,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow, recusar } from '../../workflows';

type Codigo = { codigo: string; ncm?: string };

const jaExiste = (tabela: TabelaIncompleta, d: Codigo) =>
  tabela === 'cest'
    ? `O CEST ${d.codigo} já está na tabela para o NCM ${d.ncm}.`
    : `O ${tabela === 'cfop' ? 'CFOP' : 'cStat'} ${d.codigo} já existe na tabela.`;

/** The insert (false when the code exists), its 409, and the audit of the added row. */
const incluir =
  <E extends Codigo>(tabela: TabelaIncompleta, inserir: (e: E) => RawBuilder<{ ok: boolean }>) =>
  async (ctx: ContextoDoComando<E, unknown>): Promise<void> => {
    const ok = (await inserir(ctx.entrada).execute(ctx.trx)).rows[0]?.ok;
    if (!ok) throw new ApiError(409, jaExiste(tabela, ctx.entrada), [falhaDeCampo('codigo', 'valor já cadastrado.')]);
    ctx.auditoria = {
      entidade: `${tabela}Oficial`,
      entidadeId: ctx.entrada.codigo,
      operacao: 'INCLUSAO',
      depois: ctx.entrada,
    };
  };

export const incluirCfop = defineWorkflow(comandoIncluirCfop, {
  estadoInicial: () => undefined,
  passos: [incluir('cfop', (e) => sql<{ ok: boolean }>`select app_incluir_cfop(${e.codigo}, ${e.descricao}) as ok`)],
  resposta: (ctx) => ctx.entrada,
});

export const incluirCstat = defineWorkflow(comandoIncluirCstat, {
  estadoInicial: () => undefined,
  passos: [
    incluir(
      'cstat',
      (e) => sql<{ ok: boolean }>`select app_incluir_cstat(${e.codigo}, ${e.descricao}, ${e.tipo}) as ok`,
    ),
  ],
  resposta: (ctx) => ctx.entrada,
});

/** A CEST names an NCM code or prefix of the official table. */
async function conferirNcm(ctx: ContextoDoComando<{ ncm: string }, unknown>): Promise<void> {
  const existe = await sql`select 1 from ncm_oficial where codigo like ${ctx.entrada.ncm} || '%' limit 1`.execute(
    ctx.trx,
  );
  if (!existe.rows.length) throw recusar('ncm', `nenhum NCM começa por ${ctx.entrada.ncm}.`);
}

export const incluirCest = defineWorkflow(comandoIncluirCest, {
  estadoInicial: () => undefined,
  passos: [
    conferirNcm,
    incluir(
      'cest',
      (e) => sql<{ ok: boolean }>`select app_incluir_cest(${e.codigo}, ${e.ncm}, ${e.segmento}, ${e.descricao}) as ok`,
    ),
  ],
  resposta: (ctx) => ctx.entrada,
});

export const WORKFLOWS_TABELAS_OFICIAIS = [incluirCfop, incluirCstat, incluirCest];
