/**
 * Payment plans of the franchise demo tenant (domain.md §11): purchases "30/60/90 DDL" and "28 DDL"; sales
 * "À vista", "Débito", "Crédito 1x"–"Crédito 6x" (Cielo, minimum parcel R$ 30), "Crediário 3x 2 % a.m."
 * with a 20 % entry; and the Bela Vida stores' conditions (the crediário only at BV01–BV03). The grids are
 * the ones the screen generates (plano-pagamento.regras.ts).
 */
import { gerarParcelas } from '@retaguarda/domain';
import type { Tx } from '../../src/db/database';
import { ins } from './demo-cadastros';

type Row = Record<string, unknown>;

interface Plano extends Row {
  descricao: string;
  operacao: 'COMPRA' | 'VENDA';
  quantidade_parcelas: number;
  dias_primeira_parcela: number;
  intervalo_dias: number;
  percentual_entrada?: string;
}

export async function seedPlanosPagamento(
  trx: Tx,
  a: number,
  loja: (sigla: string) => number,
  agente: (descricao: string) => number,
  especie: (sigla: string) => number,
): Promise<void> {
  const venda = { operacao: 'VENDA', disponivel_pdv: true, disponivel_pedido: true } as const;
  const cartao = (n: number): Plano => ({
    ...venda,
    descricao: `Crédito ${n}x`,
    tipo_pagamento: 'CARTAO_CREDITO',
    quantidade_parcelas: n,
    dias_primeira_parcela: 30,
    intervalo_dias: 30,
    valor_minimo_parcela: '30.00',
    agente_financeiro_id: agente('Cielo'),
    taxa_administracao: n === 1 ? '2.9900' : '3.4900',
    prazo_recebimento_dias: 30,
    especie_documento_id: especie('CC'),
  });
  const planos: Plano[] = [
    {
      descricao: '30/60/90 DDL',
      operacao: 'COMPRA',
      tipo_pagamento: 'BOLETO',
      quantidade_parcelas: 3,
      dias_primeira_parcela: 30,
      intervalo_dias: 30,
      especie_documento_id: especie('DM'),
      disponivel_pedido: true,
    },
    {
      descricao: '28 DDL',
      operacao: 'COMPRA',
      tipo_pagamento: 'BOLETO',
      quantidade_parcelas: 1,
      dias_primeira_parcela: 28,
      intervalo_dias: 0,
      especie_documento_id: especie('DM'),
    },
    {
      ...venda,
      descricao: 'À vista',
      tipo_pagamento: 'DINHEIRO',
      quantidade_parcelas: 1,
      dias_primeira_parcela: 0,
      intervalo_dias: 0,
    },
    {
      ...venda,
      descricao: 'Débito',
      tipo_pagamento: 'CARTAO_DEBITO',
      quantidade_parcelas: 1,
      dias_primeira_parcela: 0,
      intervalo_dias: 0,
      agente_financeiro_id: agente('Cielo'),
      taxa_administracao: '1.4900',
      prazo_recebimento_dias: 1,
      especie_documento_id: especie('CD'),
    },
    ...[1, 2, 3, 4, 5, 6].map(cartao),
    {
      ...venda,
      descricao: 'Crediário 3x 2 % a.m.',
      tipo_pagamento: 'CREDIARIO',
      quantidade_parcelas: 3,
      dias_primeira_parcela: 30,
      intervalo_dias: 30,
      possui_entrada: true,
      percentual_entrada: '20.00',
      juros_mensal: '2.0000',
      multa: '2.0000',
      valor_minimo_operacao: '100.00',
      especie_documento_id: especie('CRD'),
    },
  ];
  const ids = await ins(
    trx,
    'plano_pagamento',
    planos.map((p) => ({ assinante_id: a, ...p })),
  );
  for (const [i, p] of planos.entries()) {
    const parcelas = gerarParcelas({
      quantidadeParcelas: p.quantidade_parcelas,
      diasPrimeiraParcela: p.dias_primeira_parcela,
      intervaloDias: p.intervalo_dias,
      percentualEntrada: p.percentual_entrada ?? null,
    });
    await ins(
      trx,
      'plano_pagamento_parcela',
      parcelas.map((x, ordem) => ({ assinante_id: a, plano_pagamento_id: ids[i], ordem, ...x })),
    );
  }
  const condicoes: Row[] = [];
  for (const [i, p] of planos.entries()) {
    const siglas = p.descricao.startsWith('Crediário') ? ['BV01', 'BV02', 'BV03'] : ['BV01', 'BV02', 'BV03', 'BV04'];
    for (const s of siglas)
      condicoes.push({
        assinante_id: a,
        loja_id: loja(s),
        plano_pagamento_id: ids[i],
        vigencia_inicio: '2026-01-01',
        ...(p.descricao === 'Crédito 6x' && s === 'BV04' ? { max_parcelas: 6, taxa_administracao: '3.9900' } : {}),
      });
  }
  await ins(trx, 'condicao_pagamento_loja', condicoes);
}
