/**
 * One-trip product registration: the barcodes and the prices/costs per store a product create or
 * update carries (`codigosAuxiliares`, `precos`, declared virtual) are written after the product row,
 * in the same transaction, so one Save either keeps everything or nothing (any 422 rolls it all back).
 * Barcodes: the array is the product's full set. Prices: each row replaces its store's prices and cost;
 * stores left out keep theirs; a row without store ("Todas as lojas") applies to every store of the user.
 */
import {
  type CodigoDoProduto,
  completarPreco,
  expandirLojas,
  type FalhaDeCampo,
  falhaDeCampo,
  falhasDasLojasDePreco,
  falhasDosCodigos,
  MSG,
  MSG_CADASTRO_PRODUTO,
  type PrecoDoProduto,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import type { HookContext } from '../../registers/hooks';

const invalido = (falhas: FalhaDeCampo[]) => new ApiError(422, MSG.validacao, falhas);

async function gravarCodigos(trx: Tx, produtoId: number, codigos: CodigoDoProduto[]) {
  const falhas = falhasDosCodigos(codigos);
  const ids = codigos.map((c) => c.id);
  if (ids.length) {
    const outros = await sql<{ id: string; produtoId: number }>`
      select id, produto_id from codigo_auxiliar where id = any(${ids}::text[]) and produto_id <> ${produtoId}`.execute(
      trx,
    );
    for (const o of outros.rows)
      falhas.push(
        falhaDeCampo(
          `codigosAuxiliares.${ids.indexOf(o.id)}.id`,
          MSG_CADASTRO_PRODUTO.codigoDeOutroProduto(o.id, o.produtoId),
        ),
      );
  }
  if (falhas.length) throw invalido(falhas);
  await sql`delete from codigo_auxiliar where produto_id = ${produtoId} and id <> all(${ids}::text[])`.execute(trx);
  for (const c of codigos) {
    await sql`insert into codigo_auxiliar (id, produto_id, tipo, fator, ean_tributado)
      values (${c.id}, ${produtoId}, ${c.tipo}, ${c.fator ?? '1'}, ${c.eanTributado ?? true})
      on conflict (assinante_id, id) do update set tipo = excluded.tipo, fator = excluded.fator,
        ean_tributado = excluded.ean_tributado, ativo = true, alterado_em = now(), versao = codigo_auxiliar.versao + 1
      where (codigo_auxiliar.tipo, codigo_auxiliar.fator, codigo_auxiliar.ean_tributado, codigo_auxiliar.ativo)
        is distinct from (excluded.tipo, excluded.fator, excluded.ean_tributado, true)`.execute(trx);
  }
}

/** The stores a row may reach: an administrator every store of the tenant, anyone else their own. */
async function lojasDoUsuario(ctx: HookContext): Promise<number[]> {
  if (!ctx.auth.administrador) return [...ctx.auth.lojas];
  const r = await sql<{ id: number }>`select id from loja where ativo order by id`.execute(ctx.trx);
  return r.rows.map((x) => x.id);
}

/** margem_preco is numeric(7,4): a price far below its cost has no margin worth storing. */
const margemCabe = (m: string | null) => (m != null && Math.abs(Number(m)) < 1000 ? m : null);

async function gravarPrecos(ctx: HookContext, produtoId: number, linhas: PrecoDoProduto[]) {
  const { trx, auth } = ctx;
  const falhas = falhasDasLojasDePreco(linhas);
  const explicitas = [...new Set(linhas.map((l) => l.lojaId).filter((l): l is number => l != null))];
  if (!auth.administrador) {
    const fora = explicitas.filter((l) => !auth.lojas.includes(l));
    if (fora.length) throw new ApiError(403, `Você não tem acesso à(s) loja(s) ${fora.join(', ')}.`);
  }
  if (explicitas.length) {
    const r = await sql<{ id: number }>`select id from loja where id = any(${explicitas}::int[])`.execute(trx);
    const existem = new Set(r.rows.map((x) => x.id));
    linhas.forEach((l, i) => {
      if (l.lojaId != null && !existem.has(l.lojaId))
        falhas.push(falhaDeCampo(`precos.${i}.lojaId`, 'loja não encontrada.'));
    });
  }
  const lojas = linhas.some((l) => l.lojaId == null) ? await lojasDoUsuario(ctx) : [];
  if (linhas.some((l) => l.lojaId == null) && !lojas.length)
    falhas.push(
      falhaDeCampo(`precos.${linhas.findIndex((l) => l.lojaId == null)}.lojaId`, MSG_CADASTRO_PRODUTO.semLojas),
    );
  // a row without cost keeps the store's cost for its margin
  const custos = await sql<{ lojaId: number; custo: string | null }>`
    select loja_id, custo_reposicao::text as custo from custo where produto_id = ${produtoId}`.execute(trx);
  const custoDe = new Map(custos.rows.map((c) => [c.lojaId, c.custo]));
  const prontas: PrecoDoProduto[] = [];
  const vistas = new Set<string>();
  for (const { linha, origem } of expandirLojas(linhas, lojas)) {
    const comCusto = { ...linha, custoReposicao: linha.custoReposicao ?? custoDe.get(linha.lojaId) ?? null };
    const r = completarPreco(comCusto, origem);
    for (const f of r.falhas) {
      // "Todas as lojas" repeats its row's errors for every store: each once
      const k = `${f.campo}|${f.mensagem}`;
      if (!vistas.has(k)) falhas.push(f);
      vistas.add(k);
    }
    prontas.push({ ...r.linha, custoReposicao: linha.custoReposicao });
  }
  if (falhas.length) throw invalido(falhas);
  for (const l of prontas) {
    await sql`insert into preco (produto_id, loja_id, preco_venda1, margem_preco1, preco_venda2, quantidade_minima_preco2,
        preco_venda3, quantidade_minima_preco3, preco_oferta1, inicio_oferta, fim_oferta)
      values (${produtoId}, ${l.lojaId}, ${l.precoVenda1}, ${margemCabe(l.margemPreco1)}, ${l.precoVenda2},
        ${l.quantidadeMinimaPreco2}, ${l.precoVenda3}, ${l.quantidadeMinimaPreco3}, ${l.precoOferta1},
        ${l.inicioOferta}, ${l.fimOferta})
      on conflict (assinante_id, produto_id, loja_id) do update set preco_venda1 = excluded.preco_venda1,
        margem_preco1 = excluded.margem_preco1, preco_venda2 = excluded.preco_venda2,
        quantidade_minima_preco2 = excluded.quantidade_minima_preco2, preco_venda3 = excluded.preco_venda3,
        quantidade_minima_preco3 = excluded.quantidade_minima_preco3, preco_oferta1 = excluded.preco_oferta1,
        inicio_oferta = excluded.inicio_oferta, fim_oferta = excluded.fim_oferta, alterado_em = now(),
        versao = preco.versao + 1`.execute(trx);
    if (l.custoReposicao != null)
      await sql`insert into custo (produto_id, loja_id, custo_reposicao)
        values (${produtoId}, ${l.lojaId}, ${l.custoReposicao})
        on conflict (assinante_id, produto_id, loja_id) do update set custo_reposicao = excluded.custo_reposicao,
          alterado_em = now(), versao = custo.versao + 1
        where custo.custo_reposicao is distinct from excluded.custo_reposicao`.execute(trx);
  }
}

/** afterWrite of Produto: the nested arrays, when the body carried them. */
export async function gravarCadastroCompleto(ctx: HookContext) {
  const produtoId = Number(ctx.id);
  const codigos = ctx.value.codigosAuxiliares as CodigoDoProduto[] | undefined;
  const precos = ctx.value.precos as PrecoDoProduto[] | undefined;
  if (Array.isArray(codigos)) await gravarCodigos(ctx.trx, produtoId, codigos);
  if (Array.isArray(precos) && precos.length) await gravarPrecos(ctx, produtoId, precos);
}

/**
 * afterRead of Produto: its barcodes and its prices with the store's cost, so the form edits the rows
 * in place and a GET → PUT of the whole object (integrations) writes back what it read. Prices of
 * stores outside a non-administrator's scope are left out (and so are never rewritten by them).
 */
export async function lerCadastroCompleto(ctx: HookContext) {
  const produtoId = Number(ctx.id);
  const codigos = await sql<CodigoDoProduto>`
    select id, tipo, fator::text as fator, ean_tributado from codigo_auxiliar where produto_id = ${produtoId} order by id`.execute(
    ctx.trx,
  );
  const escopo = ctx.auth.administrador ? sql`` : sql`and p.loja_id = any(${[...ctx.auth.lojas]}::int[])`;
  const precos = await sql<PrecoDoProduto>`
    select p.loja_id, c.custo_reposicao::text as custo_reposicao, p.preco_venda1::text as preco_venda1,
           p.margem_preco1::text as margem_preco1, p.preco_venda2::text as preco_venda2,
           p.quantidade_minima_preco2::text as quantidade_minima_preco2, p.preco_venda3::text as preco_venda3,
           p.quantidade_minima_preco3::text as quantidade_minima_preco3, p.preco_oferta1::text as preco_oferta1,
           to_char(p.inicio_oferta, 'YYYY-MM-DD') as inicio_oferta, to_char(p.fim_oferta, 'YYYY-MM-DD') as fim_oferta
      from preco p left join custo c on c.produto_id = p.produto_id and c.loja_id = p.loja_id
     where p.produto_id = ${produtoId} ${escopo} order by p.loja_id`.execute(ctx.trx);
  ctx.value.codigosAuxiliares = codigos.rows;
  ctx.value.precos = precos.rows;
}
