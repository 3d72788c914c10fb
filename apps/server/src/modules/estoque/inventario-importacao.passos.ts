/**
 * A collector file into the inventory's current count, through the kit's one reader (`lerArquivoDeColetor`:
 * layouts, encodings, XLSX; codes by the set-based resolver, quantities × the code's factor). Problems by line:
 * the file's own (no code, bad quantity), unknown codes, decimals the unit does not take, products outside the
 * scope or not asked for in a recount. The preview (`?previa=true`) answers them; the run refuses the whole file
 * while any remains (nothing partial). Then, set-based: repeats summed per product, missing items added (their
 * expected balance read at the reference), each count increased, every line kept in contagem_inventario.
 */
import {
  Decimal,
  type EntradaImportacaoInventario,
  falhaDeCampo,
  type ImportacaoInventario,
  MSG_INVENTARIO as MSG,
  type ProblemaImportacao,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { remetenteDe } from '../../http/upload';
import { type ContextoDoComando, recusarTudo } from '../../workflows';
import { lerArquivoDeColetor } from '../produto';
import { type EstadoInventario, carregarInventario, esperadoNaReferencia, noEscopo } from './inventario.passos';

export interface EstadoImportacao extends EstadoInventario {
  importacao?: ImportacaoInventario;
}
export const estadoImportacao = (): EstadoImportacao => ({});
type Ctx = ContextoDoComando<EntradaImportacaoInventario, EstadoImportacao>;

/** Most problems answered (the first ones by line; the rest are alike). */
const MAX_PROBLEMAS = 500;

export async function importarArquivo(ctx: Ctx): Promise<void> {
  const inv = await carregarInventario(ctx, 'contar');
  const n = inv.contagemAtual;
  const lidas = await lerArquivoDeColetor(ctx.trx, ctx.entrada, remetenteDe(ctx.auth));
  const problemas: ProblemaImportacao[] = lidas.falhas.map((f) => ({
    linha: f.linha,
    codigo: null,
    mensagem: f.mensagem,
  }));
  const boas: { linha: number; codigo: string; produtoId: number; quantidade: string }[] = [];
  for (const l of lidas.itens) {
    if (!l.produtoId || l.quantidade === null) {
      problemas.push({ linha: l.linha, codigo: l.codigo, mensagem: l.motivo ?? MSG.codigoDesconhecido(l.codigo) });
      continue;
    }
    const q = Decimal.de(l.quantidade);
    if (q.sinal() < 0) problemas.push({ linha: l.linha, codigo: l.codigo, mensagem: 'não pode ser negativo.' });
    else if (q.casasUsadas() > (l.casasDecimais ?? 0))
      problemas.push({ linha: l.linha, codigo: l.codigo, mensagem: MSG.casasDecimais(l.casasDecimais ?? 0) });
    else boas.push({ linha: l.linha, codigo: l.codigo, produtoId: l.produtoId, quantidade: q.texto() });
  }
  const ids = [...new Set(boas.map((b) => b.produtoId))];
  // in the inventory (a recount: only the items asked for), or in its scope (GERAL: any product)
  const { rows: aceitos } = await sql<{ produtoId: number; ok: boolean }>`
    select p.id as produto_id,
           case when ${n}::int > 1 then coalesce(t.recontar, false)
                else t.produto_id is not null or ${inv.tipo === 'GERAL'}::bool or ${noEscopo(inv.escopo)} end as ok
      from produto p left join item_inventario t on t.inventario_id = ${inv.id} and t.produto_id = p.id
     where p.id = any(${ids}::int4[])`.execute(ctx.trx);
  const ok = new Set(aceitos.filter((a) => a.ok).map((a) => a.produtoId));
  const validas = boas.filter((b) => {
    if (ok.has(b.produtoId)) return true;
    problemas.push({
      linha: b.linha,
      codigo: b.codigo,
      mensagem: n > 1 ? MSG.naoRecontar(b.produtoId, n) : MSG.foraDoEscopoDoInventario(b.produtoId),
    });
    return false;
  });
  if (!lidas.itens.length && !problemas.length) problemas.push({ linha: 0, codigo: null, mensagem: MSG.arquivoVazio });
  problemas.sort((a, b) => a.linha - b.linha);
  const total = validas.reduce((s, b) => s.mais(Decimal.de(b.quantidade)), Decimal.de('0'));
  ctx.estado.importacao = {
    inventarioId: inv.id,
    n,
    linhas: validas.length,
    produtos: new Set(validas.map((b) => b.produtoId)).size,
    quantidade: total.texto(),
    problemas: problemas.slice(0, MAX_PROBLEMAS),
  };
  if (ctx.previa) {
    // the preview shows the problems and what would be counted; the run below still rolls back
    if (problemas.length) return;
  } else if (problemas.length)
    throw recusarTudo([
      falhaDeCampo('arquivoId', MSG.arquivoComProblemas(problemas.length)),
      ...problemas.slice(0, 100).map((p) => falhaDeCampo('arquivoId', MSG.linhaProblema(p.linha, p.mensagem))),
    ]);
  if (!validas.length) return;
  const produtos = validas.map((b) => b.produtoId);
  const quantidades = validas.map((b) => b.quantidade);
  await sql`insert into item_inventario (inventario_id, produto_id, quantidade_sistema)
    select ${inv.id}, k.produto_id, ${esperadoNaReferencia(inv, ctx.loja.zona)}
      from (select distinct produto_id from unnest(${produtos}::int4[]) as u(produto_id)) k
     where not exists (select 1 from item_inventario t where t.inventario_id = ${inv.id} and t.produto_id = k.produto_id)
     order by k.produto_id`.execute(ctx.trx);
  const coluna = sql.ref(`contagem_${n}`);
  await sql`update item_inventario t set ${coluna} = coalesce(${sql.ref(`t.contagem_${n}`)}, 0) + x.q,
      usuario_id = ${ctx.usuarioId}, dispositivo_id = ${ctx.auth.dispositivoId ?? null}, contado_em = now()
    from (select produto_id, sum(q) as q from unnest(${produtos}::int4[], ${quantidades}::numeric[]) as u(produto_id, q)
           group by produto_id) x
   where t.inventario_id = ${inv.id} and t.produto_id = x.produto_id`.execute(ctx.trx);
  await sql`insert into contagem_inventario (inventario_id, produto_id, n, quantidade, modo, usuario_id, dispositivo_id)
    select ${inv.id}, produto_id, ${n}, q, 'SOMAR', ${ctx.usuarioId}, ${ctx.auth.dispositivoId ?? null}
      from unnest(${produtos}::int4[], ${quantidades}::numeric[]) with ordinality as u(produto_id, q, o) order by o`.execute(
    ctx.trx,
  );
  ctx.auditoria = {
    entidade: 'inventario',
    entidadeId: inv.id,
    operacao: 'ALTERACAO',
    depois: { importacao: { ...ctx.estado.importacao, problemas: [] } },
  };
}
