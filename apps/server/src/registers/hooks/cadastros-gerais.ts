/** Rules of the Fiscal, Frente de loja, Estoque and Venda registers of issue 6 beyond the declaration. */
import {
  errosHorario,
  errosLocalEstoque,
  errosMotivoTrocaDevolucao,
  errosTextoCupom,
  errosTipoAjuste,
  errosVigencia,
  normalizarCnj,
  UF_IBGE,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { validando } from './financeiro';

/** Store arrays have no foreign key: every id must be a store of this tenant (RLS scopes the query). */
async function errosLojas(trx: Tx, lojas: unknown): Promise<string[]> {
  if (!Array.isArray(lojas) || lojas.length === 0) return [];
  const r = await sql<{ id: number }>`select id from loja where id = any(${lojas}::int[])`.execute(trx);
  const existentes = new Set(r.rows.map((x) => x.id));
  const faltam = lojas.filter((l) => !existentes.has(l as number));
  return faltam.length ? [`lojas: loja(s) não encontrada(s): ${faltam.join(', ')}.`] : [];
}

/** JUDICIAL numbers must be CNJ numbers (mod 97) and are stored masked; the vara's municipality is in its UF. */
export const processoJudicialHooks = validando('processoJudicial', async (ctx, m) => {
  const erros = errosVigencia(m.vigenciaInicio, m.vigenciaFim);
  if (m.tipo === 'JUDICIAL' && typeof m.numeroProcesso === 'string') {
    const cnj = normalizarCnj(m.numeroProcesso);
    if (cnj) ctx.value.numeroProcesso = cnj;
    else
      erros.push(
        'numeroProcesso: número CNJ inválido (formato NNNNNNN-DD.AAAA.J.TR.OOOO e dígito verificador módulo 97).',
      );
  }
  if (m.ufVara && m.municipioVara && UF_IBGE[m.ufVara as string] !== String(m.municipioVara).slice(0, 2)) {
    erros.push(`municipioVara: o município ${m.municipioVara} não pertence à UF ${m.ufVara}.`);
  }
  if ('lojas' in ctx.value) erros.push(...(await errosLojas(ctx.trx, m.lojas)));
  return erros;
});

export const mensagemPromocionalHooks = validando('mensagemPromocional', async (ctx, m) => {
  const erros = [
    ...errosTextoCupom(m.texto),
    ...errosHorario(m.horaInicio, m.horaFim),
    ...errosVigencia(m.vigenciaInicio, m.vigenciaFim),
  ];
  if ('lojas' in ctx.value) erros.push(...(await errosLojas(ctx.trx, m.lojas)));
  return erros;
});

export const tipoAjusteHooks = validando('tipoAjuste', (_ctx, m) => errosTipoAjuste(m));
export const localEstoqueHooks = validando('localEstoque', (_ctx, m) => errosLocalEstoque(m));
export const motivoTrocaDevolucaoHooks = validando('motivoTrocaDevolucao', (_ctx, m) => errosMotivoTrocaDevolucao(m));

/** The finished-goods and ingredients locations must belong to the sector's stores. */
export const setorProducaoHooks = validando('setorProducao', async (ctx, m) => {
  const erros = 'lojas' in ctx.value ? await errosLojas(ctx.trx, m.lojas) : [];
  const lojas = Array.isArray(m.lojas) ? (m.lojas as number[]) : [];
  for (const campo of ['localEstoqueId', 'localConsumoId'] as const) {
    if (m[campo] == null || lojas.length === 0) continue;
    const r = await sql<{ loja: number }>`select loja_id as loja from local_estoque where id = ${m[campo]}`.execute(
      ctx.trx,
    );
    if (r.rows[0] && !lojas.includes(r.rows[0].loja))
      erros.push(`${campo}: o local pertence à loja ${r.rows[0].loja}, que não está nas lojas do setor.`);
  }
  return erros;
});
