/** An indicator's table view as XLSX (the report kit's writer): its rows with the three compared periods. */
import { dataBr, formatarDecimal, INDICADORES, type ResultadoIndicador } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { cabecalhoDe, planilha } from '../relatorios';

const periodo = (p: { inicio: string; fim: string }) => `${dataBr(p.inicio)} a ${dataBr(p.fim)}`;

export async function planilhaDoIndicador(
  trx: Tx,
  auth: AuthContext,
  titulo: string,
  r: ResultadoIndicador,
  lojas: readonly number[],
): Promise<Buffer> {
  const def = INDICADORES[r.indicador];
  const cab = await cabecalhoDe(trx, { usuarioId: auth.usuarioId, titulo } as Parameters<typeof cabecalhoDe>[1]);
  const { rows } = await sql<{
    sigla: string;
  }>`select sigla from loja where id = any(${lojas}::int4[]) order by sigla`.execute(trx);
  const casas = def.unidade === 'NUMERO' ? 0 : 2;
  const n = (v: string | null) => (v === null ? '' : formatarDecimal(v, casas));
  const rotulo = (l: { rotulo: string }) => (def.linhas === 'DIAS' ? dataBr(l.rotulo) : l.rotulo);
  const linhas = [...r.linhas, r.total].map((l) => [rotulo(l), n(l.atual), n(l.anterior), n(l.anoAnterior)]);
  const colunas = [
    { rotulo: def.linhas === 'DIAS' ? 'Dia' : def.linhas === 'LOJAS' ? 'Loja' : 'Item' },
    { rotulo: `Período (${periodo(r.periodo)})`, tipo: 'numero' as const },
    { rotulo: `Anterior (${periodo(r.anterior)})`, tipo: 'numero' as const },
    { rotulo: `Ano anterior (${periodo(r.anoAnterior)})`, tipo: 'numero' as const },
  ];
  const filtros = [`Período: ${periodo(r.periodo)}`, `Lojas: ${rows.map((x) => x.sigla).join(', ')}`];
  return planilha({ ...cab, filtros }, colunas, linhas, def.definicao);
}
