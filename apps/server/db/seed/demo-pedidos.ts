/**
 * Demo sales orders (domain §11): twelve orders of Bela Vida's stores across the board — one new order
 * waiting past the 15-minute highlight, one from a delivery app, one with an item that does not resolve,
 * one on its way with a driver —, with the stock each stage implies (accepted ones reserve, invoiced ones
 * post their sale through the ledger kit). Runs after the demo stock (the sales leave from it).
 */
import { type EtapaPedido, zonaDaLoja } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { faturar, reservar } from '../../src/modules/venda';
import { DEMO_ASSINANTES } from './demo-data';

interface Pedido {
  loja: string;
  etapa: EtapaPedido;
  minutos: number;
  canal?: string;
  retirada?: boolean;
  inconsistente?: boolean;
  condutor?: boolean;
  cancelado?: boolean;
}

const PEDIDOS: Pedido[] = [
  { loja: 'BV01', etapa: 'NOVO', minutos: 42 },
  { loja: 'BV01', etapa: 'NOVO', minutos: 3, canal: 'APP_DELIVERY' },
  { loja: 'BV02', etapa: 'NOVO', minutos: 8, inconsistente: true },
  { loja: 'BV03', etapa: 'NOVO', minutos: 5, canal: 'WHATSAPP', retirada: true },
  { loja: 'BV01', etapa: 'CONFIRMADO', minutos: 25 },
  { loja: 'BV02', etapa: 'CONFIRMADO', minutos: 31, canal: 'TELEVENDAS' },
  { loja: 'BV01', etapa: 'EM_SEPARACAO', minutos: 55 },
  { loja: 'BV02', etapa: 'PRONTO', minutos: 70, retirada: true },
  { loja: 'BV01', etapa: 'EM_ENTREGA', minutos: 95, condutor: true },
  { loja: 'BV01', etapa: 'CONCLUIDO', minutos: 300 },
  { loja: 'BV04', etapa: 'CONCLUIDO', minutos: 420, retirada: true },
  { loja: 'BV02', etapa: 'CANCELADO', minutos: 200, cancelado: true },
];

const CAMINHO: EtapaPedido[] = ['NOVO', 'CONFIRMADO', 'EM_SEPARACAO', 'PRONTO', 'EM_ENTREGA', 'CONCLUIDO'];
const ACAO: Partial<Record<EtapaPedido, string>> = {
  CONFIRMADO: 'confirmar',
  EM_SEPARACAO: 'separar',
  PRONTO: 'aprontar',
  EM_ENTREGA: 'despachar',
  CONCLUIDO: 'concluir',
};

async function seedTenant(trx: Tx): Promise<void> {
  const { rows: lojas } = await sql<{ id: number; sigla: string; uf: string; codigoIbge: string | null }>`
    select id, sigla, uf, codigo_ibge from loja where assinante_id = app_assinante()`.execute(trx);
  const { rows: clientes } = await sql<{ id: number }>`select id from cliente where ativo order by id limit 5`.execute(
    trx,
  );
  const forma = (await sql<{ id: number }>`select id from forma_pagamento where ativo order by id limit 1`.execute(trx))
    .rows[0]?.id;
  const condutor = (await sql<{ id: number }>`select id from condutor where ativo order by id limit 1`.execute(trx))
    .rows[0]?.id;
  const motivo = (
    await sql<{ id: number }>`select id from motivo_cancelamento
      where ativo and 'PEDIDO_VENDA' = any(aplicacao) order by id limit 1`.execute(trx)
  ).rows[0]?.id;
  let n = 0;
  for (const d of PEDIDOS) {
    const loja = lojas.find((l) => l.sigla === d.loja);
    if (!loja) continue;
    const zona = zonaDaLoja(loja);
    // products priced at the store with stock at its sales locations
    const { rows: produtos } = await sql<{ id: number; preco: string }>`
      select p.id, pr.preco_venda1::text as preco from produto p
        join preco pr on pr.produto_id = p.id and pr.loja_id = ${loja.id} and pr.ativo and pr.preco_venda1 > 0
        left join unidade u on u.id = p.unidade_de_venda_id
       where p.ativo and not coalesce(u.permite_fracionamento, false)
         and (select coalesce(sum(s.quantidade), 0) from saldo_estoque s join local_estoque x on x.id = s.local_id
               where s.loja_id = ${loja.id} and s.produto_id = p.id and x.permite_venda) >= 10
       order by p.id offset ${n % 5} limit 2`.execute(trx);
    if (!produtos.length) continue;
    n++;
    const itens = produtos.map((p, i) => ({ produtoId: p.id, preco: p.preco, quantidade: i + 1 }));
    const entrega = d.retirada ? '0' : '9.90';
    const total = (
      itens.reduce((s, i) => s + Math.round(Number(i.preco) * 100) * i.quantidade, 0) / 100 +
      Number(entrega)
    ).toFixed(2);
    const cliente = clientes[n % Math.max(1, clientes.length)]?.id ?? null;
    const { rows } = await sql<{ id: number }>`
      insert into pedido_venda (loja_id, id_externo, canal, etapa, etapa_desde, data_emissao, data_previsao, cliente_id,
        retirada_na_loja, valor_total, valor_entrega, endereco_entrega, itens_inconsistentes, quantidade_itens,
        condutor_id, motivo_cancelamento_id, criado_em)
      values (${loja.id}, ${`${d.canal === 'APP_DELIVERY' ? 'APP' : 'EC'}-${20260 + n}`}, ${d.canal ?? 'ECOMMERCE'},
        ${d.etapa}, now() - make_interval(mins => ${d.minutos}),
        ((now() - make_interval(mins => ${d.minutos + 2})) at time zone ${zona})::timestamp(0),
        ((now() + interval '1 day') at time zone ${zona})::timestamp(0), ${cliente}::int4, ${!!d.retirada}, ${total}::numeric,
        ${entrega}::numeric,
        ${d.retirada ? null : JSON.stringify({ cep: '80010-000', uf: loja.uf, municipio: null, logradouro: 'Rua das Flores', numeroEndereco: String(100 + n), bairro: 'Centro', complemento: null, pontoDeReferencia: null })}::jsonb,
        ${d.inconsistente ? 1 : 0}, ${itens.length + (d.inconsistente ? 1 : 0)}, ${d.condutor ? (condutor ?? null) : null}::int4,
        ${d.cancelado ? (motivo ?? null) : null}::int4, now() - make_interval(mins => ${d.minutos + 2}))
      returning id`.execute(trx);
    const id = rows[0]!.id;
    for (const [i, it] of itens.entries())
      await sql`insert into item_pedido_venda (pedido_id, ordem, produto_id, unidade, quantidade_de_embalagem,
          quantidade_de_item_embalagem, quantidade, valor)
        values (${id}, ${i + 1}, ${it.produtoId}, 'UN', ${it.quantidade}, 1, ${it.quantidade}, ${it.preco}::numeric)`.execute(
        trx,
      );
    if (d.inconsistente)
      await sql`insert into item_pedido_venda (pedido_id, ordem, produto_id, unidade, descricao_produto_ecommerce,
          quantidade_de_embalagem, quantidade_de_item_embalagem, quantidade, valor, compoe_valor_total, inconsistencia)
        values (${id}, ${itens.length + 1}, null, 'UN', 'Kit presente (código da loja virtual sem cadastro)', 1, 1, 1, 0, false,
          'produto não informado.')`.execute(trx);
    if (forma)
      await sql`insert into pagamento_pedido_venda (pedido_id, ordem, forma_pagamento_id, valor, pago)
        values (${id}, 1, ${forma}, ${total}::numeric, ${d.canal === 'APP_DELIVERY'})`.execute(trx);
    const passos: EtapaPedido[] = d.cancelado
      ? ['NOVO', 'CONFIRMADO', 'CANCELADO']
      : CAMINHO.slice(0, CAMINHO.indexOf(d.etapa) + 1);
    for (const [i, etapa] of passos.entries())
      await sql`insert into historico_pedido_venda (pedido_id, etapa, acao, em, obs)
        values (${id}, ${etapa}, ${i === 0 ? 'receber' : etapa === 'CANCELADO' ? 'cancelar' : ACAO[etapa]!},
          now() - make_interval(secs => ${Math.round((d.minutos + 2) * 60 - (i * 120) / passos.length)}),
          ${etapa === 'CANCELADO' ? 'Cliente desistiu da compra.' : null})`.execute(trx);
    if (['CONFIRMADO', 'EM_SEPARACAO', 'PRONTO'].includes(d.etapa)) await reservar(trx, id, loja.id);
    if (['EM_ENTREGA', 'CONCLUIDO'].includes(d.etapa)) await faturar(trx, id, loja.id, zona, null);
  }
}

export async function seedDemoPedidos(db: Database): Promise<void> {
  const bela = DEMO_ASSINANTES.find((a) => a.nome === 'Bela Vida');
  if (!bela) return;
  const a = await db.resolveAssinante(bela.hosts[0]!);
  if (a) await db.withTenant(a.id, seedTenant);
}
