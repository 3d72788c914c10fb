import { adminQuery, type TestApp, tenantQuery } from '../helpers/app';
import type { LoginResult } from '../helpers/auth';

let t: TestApp;
export const ref = {} as Record<'assinante' | 'BV01' | 'BV02' | 'p1' | 'p2' | 'motivo' | 'forma' | 'local', number>;

/** As the owner until the tenant is known, then as that tenant. */
export async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!ref.assinante) return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante, text, params)).rows;
}

export async function prepararPedidos(app: TestApp): Promise<void> {
  t = app;
  const lojas = await q<{ id: number; sigla: string; assinante_id: number }>(
    `select l.id, l.sigla, l.assinante_id from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida'`,
  );
  ref.assinante = lojas[0]!.assinante_id;
  ref.BV01 = lojas.find((l) => l.sigla === 'BV01')!.id;
  ref.BV02 = lojas.find((l) => l.sigla === 'BV02')!.id;
  // products priced at BV01 with stock at its sales location, whole units
  const prods = await q<{ produto_id: number; local_id: number }>(
    `select s.produto_id, s.local_id from saldo_estoque s join local_estoque x on x.id = s.local_id and x.permite_venda
       join produto p on p.id = s.produto_id and p.ativo left join unidade u on u.id = p.unidade_de_venda_id
       join preco pr on pr.produto_id = p.id and pr.loja_id = s.loja_id and pr.ativo and pr.preco_venda1 > 0
      where s.loja_id = $1 and s.quantidade >= 50 and not coalesce(u.permite_fracionamento, false)
      order by x.padrao_venda desc, s.produto_id limit 2`,
    [ref.BV01],
  );
  ref.p1 = prods[0]!.produto_id;
  ref.p2 = prods[1]!.produto_id;
  ref.local = prods[0]!.local_id;
  ref.motivo = (
    await q<{ id: number }>(
      `select id from motivo_cancelamento where ativo and 'PEDIDO_VENDA' = any(aplicacao) and not exige_observacao limit 1`,
    )
  )[0]!.id;
  ref.forma = (await q<{ id: number }>(`select id from forma_pagamento where ativo order by id limit 1`))[0]!.id;
}

let externo = 1000;
/** The order as the integration sends it: every number and id a string. */
export const corpo = (extra: Record<string, unknown> = {}) => ({
  idExterno: `EC-${++externo}`,
  lojaId: String(ref.BV01),
  dataEmissao: '2026-11-20T10:15:00',
  dataPrevisao: '2026-11-22T18:00:00',
  clienteId: null,
  retiradaNaLoja: false,
  cpfNoCupom: '52998224725',
  valorTotal: '31.90',
  status: 'ABERTO',
  tipoDeFrete: 'CIF',
  totalOutrasDespesas: '0.00',
  despesas: { valorEntrega: '9.90', valorDelivery: '0', valorRetirada: '0', valorConveniencia: '0' },
  enderecoEntrega: {
    cep: '80010-000',
    uf: 'PR',
    municipio: 'Curitiba',
    logradouro: 'Rua XV de Novembro',
    numeroEndereco: '100',
    bairro: 'Centro',
    complemento: null,
    pontoDeReferencia: null,
  },
  itens: [
    {
      produtoId: String(ref.p1),
      unidade: 'UN',
      descricaoProdutoEcommerce: 'Item 1',
      quantidadeDeEmbalagem: '2',
      quantidadeDeItemEmbalagem: '1',
      quantidadeDeEmbalagemAtendida: '0',
      valorEmbalagem: '12.00',
      compoeValorTotal: true,
      valor: '12.00',
      valorDesconto: '2.00',
      tipoDesconto: 'VALOR',
    },
  ],
  pagamentos: [
    {
      formaPagamentoId: String(ref.forma),
      dataVencimento: '2026-11-20',
      valor: '31.90',
      numeroParcelas: '1',
      pago: true,
    },
  ],
  ...extra,
});
export const enviar = (who: LoginResult, payload: unknown, chave?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/venda/pedidos',
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: payload as object,
  });
export const mover = (who: LoginResult, id: number, acao: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/venda/pedidos/${id}/${acao}`, headers: who.headers, payload });
export const reservado = async (pedidoId: number) =>
  (
    await q<{ q: string }>(
      `select coalesce(sum(quantidade), 0)::text as q from reserva_estoque_pedido where pedido_id = $1`,
      [pedidoId],
    )
  )[0]!.q;
export const vendas = (pedidoId: number) =>
  q<{ quantidade: string; tipo: string }>(
    `select quantidade::text, tipo from movimento_estoque where documento_tipo = 'PEDIDO_VENDA' and documento_id = $1`,
    [pedidoId],
  );
