/**
 * The products an item-line document names, read as a set for the domain's line validator
 * (itens/linhas.ts `validarLinhas`): lines by product id in one statement, lines by code (a collector
 * file, a POS upload) through the code resolver (`resolverCodigos`, one statement too). Any area's
 * document steps call `produtosDasLinhas` and then its rules.
 */
import {
  type CodigoDaLinha,
  type FalhaDeCampo,
  casasPermitidas,
  type LinhaEnviada,
  type ProdutoDaLinha,
  type ProdutosDasLinhas,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { recusarTudo } from '../../plugins/errors';
import { resolverCodigos } from './codigos.resolver';

interface Linha {
  id: number;
  ativo: boolean;
  sigla: string | null;
  permiteFracionamento: boolean | null;
  casasDecimais: number | null;
}

const produtoDaLinha = (r: Linha): ProdutoDaLinha => ({
  id: r.id,
  ativo: r.ativo,
  sigla: r.sigla ?? 'UN',
  casas: casasPermitidas({ permiteFracionamento: !!r.permiteFracionamento, casasDecimais: r.casasDecimais ?? 0 }),
});

/** The products `linhas` name (ids and codes), each read once: the tenant's (RLS), with the sale unit's decimals. */
export async function produtosDasLinhas(
  trx: Tx,
  linhas: readonly Pick<LinhaEnviada, 'produtoId' | 'codigo'>[],
): Promise<ProdutosDasLinhas> {
  const codigos = [...new Set(linhas.filter((l) => !l.produtoId && l.codigo).map((l) => l.codigo!.trim()))];
  const porCodigo = new Map<string, CodigoDaLinha>();
  if (codigos.length)
    for (const c of await resolverCodigos(trx, codigos))
      porCodigo.set(c.codigo, { produtoId: c.produtoId, fator: c.fator, motivo: c.motivo });
  const ids = new Set<number>();
  for (const l of linhas) if (l.produtoId) ids.add(l.produtoId);
  for (const c of porCodigo.values()) if (c.produtoId) ids.add(c.produtoId);
  const { rows } = ids.size
    ? await sql<Linha>`select p.id, p.ativo, u.sigla, u.permite_fracionamento, u.casas_decimais
         from produto p left join unidade u on u.id = p.unidade_de_venda_id
        where p.id = any(${[...ids]}::int4[])`.execute(trx)
    : { rows: [] };
  return { porId: new Map(rows.map((r) => [r.id, produtoDaLinha(r)])), porCodigo };
}

/** Most field errors one document answers (the first lines'; the rest are alike). */
export const MAX_FALHAS_LINHAS = 100;

/**
 * A document step's line check: its products read as a set, then its rules (the domain's `validarLinhas`
 * under the document's declaration); any failure is a 422 naming the first lines.
 */
export async function validarLinhasDoDocumento<L extends Pick<LinhaEnviada, 'produtoId' | 'codigo'>>(
  trx: Tx,
  linhas: readonly L[],
  regras: (produtos: ProdutosDasLinhas) => FalhaDeCampo[],
): Promise<void> {
  const falhas = regras(await produtosDasLinhas(trx, linhas));
  if (falhas.length) throw recusarTudo(falhas.slice(0, MAX_FALHAS_LINHAS));
}
