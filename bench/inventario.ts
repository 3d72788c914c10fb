/**
 * Inventory finalization figure: a GERAL inventory of BENCH_ITENS (default 200 000) products at BV01's sales
 * floor, each with a balance (one set-based posting), counted with BENCH_DIVERGENCIA (default 5 %) of them off by
 * one (the count lines written set-based: this times the finalization, not 200 000 HTTP calls); then the
 * finalize command through the real workflow (expected re-read at the reference, differences at the average cost,
 * ONE posting of the INVENTARIO movements, summary). Prints the seconds of each phase and checks that the
 * movements and balances are right. Target: finalize ≤ 5 s. Runs the real app's runtime on a fresh embedded
 * PostgreSQL under a temporary DATA_DIR (a shared, busy machine: say so beside any figure).
 * Usage: cd bench && npx tsx inventario.ts
 */
import { perm, textoLocal } from '@retaguarda/domain';
import pg from 'pg';
import { gerar } from './lib/gerador';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const N = Number(process.env.BENCH_ITENS ?? 200_000);
const DIV = Number(process.env.BENCH_DIVERGENCIA ?? 0.05);
usarPastaDeDados(pastaDeDados('retaguarda-bench-inventario-'));

const { loadConfig } = await import('../apps/server/src/config');
const { startRuntime } = await import('../apps/server/src/runtime');
const { executarWorkflow } = await import('../apps/server/src/workflows');
const { lancarMovimentos } = await import('../apps/server/src/modules/estoque');
const wf = await import('../apps/server/src/modules/estoque/inventario.workflow');

const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
const s = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);
const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
await owner.connect();
try {
  let t = performance.now();
  await gerar(rt.target.ownerUrl, N + 100);
  console.log(`produtos gerados: ${s(t)} s`);
  const { rows } = await owner.query(
    `select l.assinante_id as assinante, l.id as loja, le.id as local,
            (select id from usuario u where u.assinante_id = l.assinante_id and username = 'ana.admin') as usuario
       from loja l join local_estoque le on le.loja_id = l.id and le.tipo = 'LOJA' where l.sigla = 'BV01'`,
  );
  const { assinante, loja, local, usuario } = rows[0];
  const produtos = (
    await owner.query(
      `select p.id from produto p left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
        where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false)
          and not exists (select 1 from saldo_estoque s where s.local_id = $2 and s.produto_id = p.id)
        order by p.id limit $3`,
      [assinante, local, N],
    )
  ).rows.map((r) => r.id as number);
  const ontem = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  t = performance.now();
  await rt.db.withTenant(assinante, (trx) =>
    lancarMovimentos(trx, {
      documentoTipo: 'BENCH',
      documentoId: null,
      usuarioId: null,
      movimentos: produtos.map((produtoId, i) => ({
        lojaId: loja,
        localId: local,
        produtoId,
        data: ontem,
        tipo: 'AJUSTE_ENTRADA' as const,
        quantidade: String(10 + (i % 7)),
        custoUnitario: '3.50',
      })),
    }),
  );
  console.log(`saldos iniciais (${produtos.length} movimentos): ${s(t)} s`);
  const auth = {
    assinanteId: assinante,
    usuarioId: usuario,
    username: 'ana.admin',
    sessaoId: null,
    apiKeyId: null,
    administrador: true,
    tipoCliente: 'TODOS' as const,
    permissoes: new Set((['INCLUIR', 'EDITAR'] as const).map((v) => perm('INVENTARIO', v))),
    lojas: [loja],
    lojaPrincipal: loja,
  };
  let n = 0;
  const rodar = async (w: Parameters<typeof executarWorkflow>[1], entrada: unknown) => {
    const r = await executarWorkflow(rt.db, w, { entrada, auth, chave: `bench-inv-${n++}` });
    return JSON.parse(r.corpo);
  };
  const inv = await rodar(wf.incluirInventario, {
    lojaId: loja,
    localId: local,
    descricao: 'Bench',
    tipo: 'GERAL',
    dataReferencia: textoLocal(new Date(), 'America/Sao_Paulo'),
    contagemCega: false,
    numeroContagens: 1,
  });
  t = performance.now();
  const iniciado = await rodar(wf.iniciarContagemInventario, { id: inv.id });
  console.log(`iniciar contagem (${iniciado.totalItens} itens, esperado congelado): ${s(t)} s`);
  // the counts: as expected, but one unit more on every 1/DIV-th item
  const passo = Math.round(1 / DIV);
  await owner.query(`select set_config('app.assinante_id', $1, false)`, [String(assinante)]);
  t = performance.now();
  await owner.query(
    `update item_inventario set contagem_1 = quantidade_sistema + case when produto_id % $2 = 0 then 1 else 0 end
      where assinante_id = $3 and inventario_id = $1`,
    [inv.id, passo, assinante],
  );
  console.log(`contagens gravadas (SQL direto, fora da medida): ${s(t)} s`);
  t = performance.now();
  const fin = await rodar(wf.finalizarInventario, { id: inv.id, zerarNaoContados: false });
  const segundos = s(t);
  const { rows: conf } = await owner.query(
    `select count(*)::int as movimentos, coalesce(sum(quantidade), 0)::int as soma from movimento_estoque
      where assinante_id = $1 and documento_tipo = 'INVENTARIO' and documento_id = $2`,
    [assinante, inv.id],
  );
  const { rows: errados } = await owner.query(
    `select count(*)::int as n from item_inventario t join saldo_estoque s
        on s.assinante_id = t.assinante_id and s.local_id = $3 and s.produto_id = t.produto_id
      where t.assinante_id = $1 and t.inventario_id = $2 and s.quantidade <> t.contagem_1`,
    [assinante, inv.id, local],
  );
  console.log(
    `FINALIZAR ${fin.totalItens} itens, ${fin.resumo.movimentos} divergentes: ${segundos} s (meta ≤ 5 s; máquina compartilhada)`,
  );
  console.log(
    `movimentos INVENTARIO: ${conf[0].movimentos} (soma ${conf[0].soma}); saldos diferentes do contado: ${errados[0].n}`,
  );
} finally {
  await owner.end();
  await rt.close();
}
