import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../decimal';
import {
  ACOES_PEDIDO,
  type AcaoPedido,
  acaoDoMovimento,
  acaoSeguinte,
  disponivel,
  ETAPAS_PEDIDO,
  type EtapaPedido,
  etapaDoStatus,
  reservasDoPedido,
  STATUS_PEDIDO,
  statusDaEtapa,
  totalCalculado,
  totalDivergente,
  transicao,
} from './regras';

/** The table as the issue writes it: [from, action, pickup?] → to; every other pair is refused. */
const PERMITIDAS: [EtapaPedido, AcaoPedido, boolean | null, EtapaPedido][] = [
  ['NOVO', 'confirmar', null, 'CONFIRMADO'],
  ['CONFIRMADO', 'separar', null, 'EM_SEPARACAO'],
  ['EM_SEPARACAO', 'aprontar', null, 'PRONTO'],
  ['PRONTO', 'despachar', false, 'EM_ENTREGA'],
  ['PRONTO', 'concluir', true, 'CONCLUIDO'],
  ['EM_ENTREGA', 'concluir', null, 'CONCLUIDO'],
  ['NOVO', 'recusar', null, 'CANCELADO'],
  ...(['NOVO', 'CONFIRMADO', 'EM_SEPARACAO', 'PRONTO', 'EM_ENTREGA'] as const).map(
    (e) => [e, 'cancelar', null, 'CANCELADO'] as [EtapaPedido, AcaoPedido, null, EtapaPedido],
  ),
];

describe('transition table', () => {
  for (const etapa of ETAPAS_PEDIDO)
    for (const acao of ACOES_PEDIDO)
      for (const retiradaNaLoja of [false, true])
        it(`${etapa} --${acao}--> (${retiradaNaLoja ? 'retirada' : 'entrega'})`, () => {
          const esperado = PERMITIDAS.find(
            ([de, a, r]) => de === etapa && a === acao && (r === null || r === retiradaNaLoja),
          );
          const t = transicao({ etapa, retiradaNaLoja, inconsistente: false }, acao);
          if (esperado) expect(t).toEqual({ para: esperado[3] });
          else expect(t).toHaveProperty('falha');
        });

  it('an order with inconsistent items cannot be confirmed, but can be refused or cancelled', () => {
    const p = { etapa: 'NOVO' as const, retiradaNaLoja: false, inconsistente: true };
    expect(transicao(p, 'confirmar')).toEqual({ falha: expect.stringContaining('inconsistentes') });
    expect(transicao(p, 'recusar')).toEqual({ para: 'CANCELADO' });
  });

  it('a board drop names the command of the target column, or snaps back with the reason', () => {
    const p = { etapa: 'NOVO' as const, retiradaNaLoja: false, inconsistente: false };
    expect(acaoDoMovimento(p, 'CONFIRMADO')).toEqual({ acao: 'confirmar' });
    expect(acaoDoMovimento(p, 'PRONTO')).toEqual({ falha: expect.stringContaining('siga as colunas') });
    expect(acaoDoMovimento(p, 'CANCELADO')).toEqual({ acao: 'cancelar' });
    expect(acaoSeguinte({ ...p, etapa: 'PRONTO', retiradaNaLoja: true })).toBe('concluir');
    expect(acaoSeguinte({ ...p, etapa: 'CONCLUIDO' })).toBeNull();
  });
});

describe("the integration's statuses", () => {
  it('map both ways (FATURADO by delivery or pickup; RECUSADO from a refused cancellation)', () => {
    for (const s of STATUS_PEDIDO)
      for (const r of [false, true]) {
        const e = etapaDoStatus(s, r);
        const volta = statusDaEtapa(e, s === 'RECUSADO');
        if (s === 'FATURADO' && r) expect(volta).toBe('ENTREGUE');
        else expect(volta).toBe(s);
      }
    expect(etapaDoStatus('FATURADO', false)).toBe('EM_ENTREGA');
    expect(statusDaEtapa('EM_SEPARACAO', false)).toBe('ACEITE');
  });
});

describe('total of the integration', () => {
  it('Σ(valor × quantidade − desconto) of the composing items plus expenses, tolerance R$ 0,01', () => {
    const itens = [
      { valor: '12.00', quantidade: '2', valorDesconto: '2.00', compoeValorTotal: true },
      { valor: '5.00', quantidade: '1', valorDesconto: '0', compoeValorTotal: false },
    ];
    const t = totalCalculado(itens, ['9.90', '0']);
    expect(t.texto(2)).toBe('31.90');
    expect(totalDivergente('31.91', t)).toBe(false);
    expect(totalDivergente('31.92', t)).toBe(true);
  });
});

describe('reservations (property)', () => {
  const qtd = fc.integer({ min: 1, max: 10_000 }).map((n) => (n / 100).toFixed(2));
  const linhas = fc.array(fc.record({ produtoId: fc.integer({ min: 1, max: 5 }), quantidade: qtd }), { maxLength: 20 });
  it('reserve the sum per product; available = balance − reservations; releasing restores it', () => {
    fc.assert(
      fc.property(linhas, qtd, (itens, saldo) => {
        const r = reservasDoPedido(itens);
        for (const [produtoId, q] of r) {
          const soma = itens
            .filter((i) => i.produtoId === produtoId)
            .reduce((s, i) => s.mais(i.quantidade), Decimal.de(0));
          expect(Decimal.de(q).igual(soma)).toBe(true);
          const d = disponivel(saldo, [q]);
          expect(Decimal.de(d).mais(q).igual(saldo)).toBe(true);
        }
        expect(disponivel(saldo, [])).toBe(Decimal.de(saldo).texto());
      }),
    );
  });
});
