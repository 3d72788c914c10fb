import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entradaAcordo } from './contrato';
import {
  aplicarRecebimento,
  apurarAcordo,
  faixaAtingida,
  type LinhaBaseAcordo,
  type ParametrosApuracao,
  podeAcordo,
  progressoDaMeta,
  statusAposApuracao,
} from './regras';
import { Decimal } from '../../decimal';

const L = (lojaId: number, mes: string, produtoId: number, quantidade: string, valor: string): LinhaBaseAcordo => ({
  lojaId,
  mes,
  produtoId,
  quantidade,
  valor,
});
const LINHAS = [
  L(1, '2026-01-01', 10, '10', '1000.00'),
  L(1, '2026-01-01', 11, '5', '333.33'),
  L(2, '2026-01-01', 10, '7', '700.00'),
  L(1, '2026-02-01', 10, '3', '300.01'),
];
const P = (p: Partial<ParametrosApuracao>): ParametrosApuracao => ({
  formaValor: 'PERCENTUAL',
  valor: '3',
  metaTipo: 'VALOR',
  faixas: [],
  ...p,
});

describe('apuração (computed by hand)', () => {
  it.each([
    // 3 % of each store-month: 1333.33 → 40.00 (39.9999), 700 → 21.00, 300.01 → 9.00 (9.0003)
    ['3 % sem faixas', P({}), '70.00', null, ['40.00', '9.00', '21.00']],
    // R$ 0,50 por unidade: 15 un → 7.50, 3 un → 1.50, 7 un → 3.50
    [
      'R$ 0,50 por unidade',
      P({ formaValor: 'VALOR_POR_UNIDADE', valor: '0.5' }),
      '12.50',
      null,
      ['7.50', '1.50', '3.50'],
    ],
    // fixed R$ 100 by value share of 2333.34, cents down: 57.14 (1333.33), 12.85 (300.01), 29.99 (700) = 99.98;
    // the 0.02 left goes to the largest share
    ['R$ 100 fixo rateado', P({ formaValor: 'VALOR_FIXO', valor: '100' }), '100.00', null, ['57.16', '12.85', '29.99']],
    // base 2333.34 reaches the 2000 tier (5 %), not the 3000 one: 66.67, 15.00, 35.00
    [
      'faixa de 2.000 atingida',
      P({
        valor: '0',
        faixas: [
          { meta: '3000', valor: '8' },
          { meta: '2000', valor: '5' },
        ],
      }),
      '116.67',
      2,
      ['66.67', '15.00', '35.00'],
    ],
    // quantity goal 30 not reached (25 un) → the base rate 0 applies: nothing owed
    [
      'meta de quantidade não atingida',
      P({ valor: '0', metaTipo: 'QUANTIDADE', faixas: [{ meta: '30', valor: '5' }] }),
      '0.00',
      null,
      ['0.00', '0.00', '0.00'],
    ],
    // fixed tier: 25 un reaches 20 → R$ 500 spread: 285.71 + 64.28 + 149.99 = 499.98, +0.02 on the largest
    [
      'faixa fixa por quantidade',
      P({ formaValor: 'VALOR_FIXO', valor: '0', metaTipo: 'QUANTIDADE', faixas: [{ meta: '20', valor: '500' }] }),
      '500.00',
      1,
      ['285.73', '64.28', '149.99'],
    ],
  ] as const)('%s', (_n, p, total, faixa, partes) => {
    const r = apurarAcordo(p, LINHAS);
    expect(r.valorApurado).toBe(total);
    expect(r.faixaAtingida).toBe(faixa);
    expect(r.baseValor).toBe('2333.34');
    expect(r.baseQuantidade).toBe('25.0000');
    expect(r.porLojaMes.map((x) => `${x.lojaId}/${x.mes}`)).toEqual(['1/2026-01-01', '1/2026-02-01', '2/2026-01-01']);
    expect(r.porLojaMes.map((x) => x.valorApurado)).toEqual(partes);
  });

  it('no lines: nothing on a rate, the whole fixed total still owed (booked on the first store-month)', () => {
    const semBase = { lojaId: 7, mes: '2026-01-01' };
    expect(apurarAcordo(P({ semBase }), []).valorApurado).toBe('0.00');
    expect(apurarAcordo(P({ semBase }), []).porLojaMes).toEqual([]);
    const fixo = apurarAcordo(P({ formaValor: 'VALOR_FIXO', valor: '5000', semBase }), []);
    expect(fixo.valorApurado).toBe('5000.00');
    expect(fixo.porLojaMes).toEqual([
      { ...semBase, baseValor: '0.00', baseQuantidade: '0.0000', valorApurado: '5000.00' },
    ]);
  });

  it('the highest tier reached, whatever their order', () => {
    const f = [
      { meta: '100', valor: '1' },
      { meta: '50', valor: '2' },
      { meta: '500', valor: '3' },
    ];
    expect(faixaAtingida(f, Decimal.de('49.99'))).toBeNull();
    expect(faixaAtingida(f, Decimal.de('50'))).toBe(2);
    expect(faixaAtingida(f, Decimal.de('499'))).toBe(1);
    expect(faixaAtingida(f, Decimal.de('500'))).toBe(3);
    expect(progressoDaMeta(f, '75')).toBe(75);
    expect(progressoDaMeta(f, '250')).toBe(50);
    expect(progressoDaMeta(f, '900')).toBe(100);
    expect(progressoDaMeta([], '900')).toBeNull();
  });
});

describe('apuração is reproducible (property)', () => {
  const linha = fc.record({
    lojaId: fc.integer({ min: 1, max: 4 }),
    mes: fc.constantFrom('2026-01-01', '2026-02-01', '2026-03-01'),
    produtoId: fc.integer({ min: 1, max: 50 }),
    quantidade: fc.integer({ min: -500, max: 100_000 }).map((n) => (n / 100).toFixed(2)),
    valor: fc.integer({ min: -50_000, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
  });
  const params = fc.record({
    formaValor: fc.constantFrom('PERCENTUAL', 'VALOR_POR_UNIDADE', 'VALOR_FIXO' as const),
    valor: fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 1000).toFixed(3)),
    metaTipo: fc.constantFrom('VALOR', 'QUANTIDADE' as const),
    faixas: fc.array(
      fc.record({
        meta: fc.integer({ min: 1, max: 1_000_000 }).map(String),
        valor: fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toFixed(2)),
      }),
      { maxLength: 3 },
    ),
  }) as fc.Arbitrary<ParametrosApuracao>;

  it('same lines in any order → same result; the parts add up to the total', () => {
    fc.assert(
      fc.property(params, fc.array(linha, { maxLength: 40 }), fc.integer(), (p, linhas, semente) => {
        const r = apurarAcordo(p, linhas);
        const embaralhadas = [...linhas].sort(
          (a, b) => ((a.produtoId * 31 + semente) % 7) - ((b.produtoId * 31 + semente) % 7),
        );
        expect(apurarAcordo(p, embaralhadas)).toEqual(r);
        let soma = Decimal.de('0');
        for (const x of r.porLojaMes) soma = soma.mais(x.valorApurado);
        expect(soma.texto(2)).toBe(r.valorApurado);
      }),
      { numRuns: 300 },
    );
  });

  it('a fixed total with a positive base is spread exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
        fc.array(
          linha.filter((l) => Number(l.valor) > 0),
          { minLength: 1, maxLength: 20 },
        ),
        (total, linhas) => {
          expect(apurarAcordo(P({ formaValor: 'VALOR_FIXO', valor: total }), linhas).valorApurado).toBe(total);
        },
      ),
    );
  });
});

describe('receipts and statuses', () => {
  it.each([
    ['parcial', '1000.00', '0.00', '400.00', { recebido: '400.00', saldo: '600.00', status: 'RECEBIDO_PARCIAL' }],
    ['quita', '1000.00', '400.00', '600.00', { recebido: '1000.00', saldo: '0.00', status: 'RECEBIDO' }],
    ['acima do saldo', '1000.00', '400.00', '600.01', null],
  ] as const)('%s', (_n, apurado, recebido, valor, esperado) => {
    const r = aplicarRecebimento({ apurado, recebido, valor });
    if (esperado) expect(r).toEqual(esperado);
    else expect((r as { falha: string }).falha).toContain('R$ 600,00');
  });

  it.each([
    [false, '10.00', '0.00', false, 'EM_APURACAO'],
    [true, '10.00', '0.00', false, 'A_RECEBER'],
    [true, '10.00', '4.00', false, 'RECEBIDO_PARCIAL'],
    [true, '10.00', '4.00', true, 'VENCIDO'],
    [true, '10.00', '10.00', true, 'RECEBIDO'],
    [true, '0.00', '0.00', false, 'A_RECEBER'],
  ] as const)('after apuração: encerrado=%s apurado=%s recebido=%s vencido=%s → %s', (enc, ap, rec, venc, st) => {
    expect(statusAposApuracao({ periodoEncerrado: enc, apurado: ap, recebido: rec, vencido: venc })).toBe(st);
  });

  it('the transition table refuses in Portuguese', () => {
    expect(podeAcordo('RASCUNHO', 'aprovar')).toEqual({ ok: true });
    expect(podeAcordo('RASCUNHO', 'apurar')).toEqual({ falha: 'Um acordo rascunho não pode ser apurado.' });
    expect(podeAcordo('RECEBIDO_PARCIAL', 'cancelar')).toEqual({
      falha: 'Um acordo recebido parcial não pode ser cancelado: já há recebimentos registrados.',
    });
    expect(podeAcordo('RECEBIDO', 'editar')).toHaveProperty('falha');
    expect(podeAcordo('VENCIDO', 'receber')).toEqual({ ok: true });
  });
});

describe('the agreement contract', () => {
  const base = {
    tipoAcordoId: 1,
    fornecedorId: 1,
    lojas: [2, 1, 2],
    escopoTipo: 'MARCAS',
    escopoIds: [5],
    vigenciaInicio: '2026-01-01',
    vigenciaFim: '2026-03-31',
    dataVencimento: '2026-04-30',
    base: 'SELL_IN',
    formaValor: 'PERCENTUAL',
    valor: '3',
    formaRecebimento: 'DEPOSITO',
    valorPrevisto: '1000.00',
  };
  it('accepts and normalises the stores', () => {
    expect(entradaAcordo.parse(base).lojas).toEqual([1, 2]);
  });
  it.each([
    ['escopo vazio', { escopoIds: [] }, 'escopoIds'],
    ['fornecedor e holding', { holdingId: 3 }, 'fornecedorId'],
    ['nenhum dos dois', { fornecedorId: null }, 'fornecedorId'],
    ['fim antes do início', { vigenciaFim: '2025-12-31' }, 'vigenciaFim'],
    ['vencimento antes do fim', { dataVencimento: '2026-03-30' }, 'dataVencimento'],
    ['percentual acima de 100', { valor: '100.5' }, 'valor'],
    ['sem lojas', { lojas: [] }, 'lojas'],
  ])('refuses %s', (_n, extra, campo) => {
    const r = entradaAcordo.safeParse({ ...base, ...extra });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toContain(campo);
  });
});
