/** Rules of Produto beyond the declaration: hierarchy completeness, NCM in force, CEST of the NCM, gênero, regimes per store. */
import { falhaDeCampo, MSG, produto as produtoRegister } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError, type Razao } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, merged } from '../../registers/hooks';
import { gravarCadastroCompleto, lerCadastroCompleto } from './cadastro-completo';
import { validarImagem, vincularImagem } from './imagem-produto';

/** `regimesDoProduto`: one regime per store, of the store's UF, in the user's stores. */
async function regimesDoProduto(ctx: HookContext): Promise<Razao[]> {
  const rows = ctx.value.regimesDoProduto as { lojaId: number; regimeEstadualId: number }[] | undefined;
  if (!rows?.length) return [];
  const reasons: Razao[] = [];
  const lojas = rows.map((r) => r.lojaId);
  const rep = lojas.find((l, i) => lojas.indexOf(l) !== i);
  if (rep !== undefined)
    reasons.push(
      falhaDeCampo('regimesDoProduto', `A loja ${rep} aparece mais de uma vez.`, 'Regime tributário por loja'),
    );
  if (!ctx.auth.administrador) {
    const fora = lojas.filter((l) => !ctx.auth.lojas.includes(l));
    if (fora.length) throw new ApiError(403, `Você não tem acesso à(s) loja(s) ${[...new Set(fora)].join(', ')}.`);
  }
  const r = await sql<{ i: number; lojaUf: string | null; regimeUf: string | null }>`
    select x.i, l.uf as loja_uf, rt.uf as regime_uf
      from unnest(${lojas}::int[], ${rows.map((r) => r.regimeEstadualId)}::int[]) with ordinality as x(loja, regime, i)
      left join loja l on l.id = x.loja
      left join regime_tributario rt on rt.id = x.regime`.execute(ctx.trx);
  for (const row of r.rows) {
    const p = `regimesDoProduto.${Number(row.i) - 1}`;
    if (!row.lojaUf) reasons.push(falhaDeCampo(`${p}.lojaId`, 'Loja não encontrada.', 'Loja'));
    else if (!row.regimeUf)
      reasons.push(falhaDeCampo(`${p}.regimeEstadualId`, 'Regime tributário não encontrado.', 'Regime tributário'));
    else if (row.lojaUf !== row.regimeUf)
      reasons.push(
        falhaDeCampo(
          `${p}.regimeEstadualId`,
          `O regime é da UF ${row.regimeUf}, mas a loja é da UF ${row.lojaUf}.`,
          'Regime tributário',
        ),
      );
  }
  return reasons;
}

async function produto(ctx: HookContext) {
  const m = merged(ctx);
  const reasons: Razao[] = [];
  // composite keys only check a grupo against its seção when both are present
  if (m.grupoId != null && m.secaoId == null) reasons.push(falhaDeCampo('secaoId', 'informe a seção do grupo.'));
  if (m.subgrupoId != null && m.grupoId == null) reasons.push(falhaDeCampo('grupoId', 'informe o grupo do subgrupo.'));
  const ncm = m.ncmId as string | null | undefined;
  if ('ncmId' in ctx.value) {
    if (ncm) {
      const r = await sql<{
        vigente: boolean;
      }>`select digitos = 8 and data_fim >= current_date as vigente from ncm_oficial where codigo = ${ncm}`.execute(
        ctx.trx,
      );
      if (!r.rows[0]) reasons.push(falhaDeCampo('ncmId', `o NCM ${ncm} não existe na tabela oficial.`));
      else if (!r.rows[0].vigente) reasons.push(falhaDeCampo('ncmId', `o NCM ${ncm} não está em vigor.`));
    }
    ctx.value.generoId = ncm ? ncm.slice(0, 2) : null;
  }
  const cest = m.cest as string | null | undefined;
  if (cest && ('cest' in ctx.value || 'ncmId' in ctx.value)) {
    if (!ncm) reasons.push(falhaDeCampo('cest', 'informe o NCM do produto.'));
    else {
      // CEST annexes list NCM codes or prefixes (4 to 8 digits)
      const r = await sql`select 1 from cest_oficial where codigo = ${cest} and ${ncm} like ncm || '%' limit 1`.execute(
        ctx.trx,
      );
      if (!r.rows.length) reasons.push(falhaDeCampo('cest', `o CEST ${cest} não pertence ao NCM ${ncm}.`));
    }
  }
  reasons.push(...(await regimesDoProduto(ctx)));
  reasons.push(...(await validarImagem(ctx)));
  if (reasons.length) throw new ApiError(422, MSG.validacao, reasons);
}

export const produtoHooks = defineRegisterHooks(produtoRegister, {
  beforeCreate: produto,
  beforeUpdate: produto,
  afterWrite: async (ctx) => {
    await gravarCadastroCompleto(ctx);
    await vincularImagem(ctx.trx, Number(ctx.id), ctx.value.imagem);
  },
  afterRead: lerCadastroCompleto,
});
