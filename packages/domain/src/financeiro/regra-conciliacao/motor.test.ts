import { describe, expect, it } from 'vitest';
import { centavosDe } from '../conciliacao/sugestoes';
import {
  type AcaoDaRegra,
  aplicarRegras,
  erroDaRegex,
  type CondicoesDaRegra,
  type LinhaDoMotor,
  type RegraDoMotor,
} from './motor';
import { proporRegras, radicalDoMemo, type Resolucao } from './proposta';

const tarifa: AcaoDaRegra = { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 7, complemento: '{memo} {data}' };
const recebimento: AcaoDaRegra = { tipo: 'CONCILIAR', origem: 'TITULO_RECEBER', janelaDias: 3 };
const regra = (
  id: number,
  condicoes: Partial<CondicoesDaRegra>,
  acao: AcaoDaRegra = tarifa,
  extra: Partial<RegraDoMotor> = {},
): RegraDoMotor => ({
  id,
  prioridade: 100,
  contaCorrenteId: null,
  confirmarAutomatico: true,
  condicoes: { sinal: 'AMBOS', ...condicoes },
  acao,
  ...extra,
});
// 2026-05-04 is a Monday
const linha = (descricao: string, valor: string, data = '2026-05-04', conta = 1): LinhaDoMotor => ({
  id: 'L',
  contaCorrenteId: conta,
  data,
  centavos: centavosDe(valor),
  descricao,
  numeroDocumento: '123',
});
const um = (r: RegraDoMotor, l: LinhaDoMotor) => aplicarRegras([r], [l], []).length === 1;

describe('condições de uma regra (tabela)', () => {
  const casos: [string, Partial<CondicoesDaRegra>, LinhaDoMotor, boolean, Partial<RegraDoMotor>?][] = [
    ['contém, sem caixa nem acento', { memoContem: 'tar pacote' }, linha('DEB TAR PACOTE SERV', '-45.00'), true],
    ['contém: não contém', { memoContem: 'TAR PACOTE' }, linha('PIX RECEBIDO', '45.00'), false],
    ['contém com acento na linha', { memoContem: 'TARIFA' }, linha('Tarifá bancária', '-1.00'), true],
    ['começa com', { memoComecaCom: 'PIX RECEBIDO' }, linha('PIX RECEBIDO JOAO', '10.00'), true],
    ['começa com: no meio não vale', { memoComecaCom: 'RECEBIDO' }, linha('PIX RECEBIDO JOAO', '10.00'), false],
    ['regex', { memoRegex: '^TED\\s+\\d+' }, linha('TED 0341 FULANO', '10.00'), true],
    ['regex sem par', { memoRegex: '^TED\\s+\\d+' }, linha('TEDX', '10.00'), false],
    ['valor na faixa (absoluto)', { valorMinimo: '10.00', valorMaximo: '50.00' }, linha('X', '-45.00'), true],
    ['valor no limite de cima', { valorMaximo: '45.00' }, linha('X', '-45.00'), true],
    ['valor abaixo do mínimo', { valorMinimo: '45.01' }, linha('X', '-45.00'), false],
    ['sinal débito em débito', { sinal: 'DEBITO', memoContem: 'X' }, linha('X', '-1.00'), true],
    ['sinal débito em crédito', { sinal: 'DEBITO', memoContem: 'X' }, linha('X', '1.00'), false],
    ['sinal crédito em crédito', { sinal: 'CREDITO', memoContem: 'X' }, linha('X', '1.00'), true],
    ['dia da semana (segunda)', { diasSemana: [1] }, linha('X', '1.00', '2026-05-04'), true],
    ['dia da semana (terça não)', { diasSemana: [1] }, linha('X', '1.00', '2026-05-05'), false],
    ['domingo', { diasSemana: [0, 6] }, linha('X', '1.00', '2026-05-03'), true],
    ['conta da regra', { memoContem: 'X' }, linha('X', '1.00', '2026-05-04', 2), false, { contaCorrenteId: 1 }],
    [
      'conta da regra (a mesma)',
      { memoContem: 'X' },
      linha('X', '1.00', '2026-05-04', 1),
      true,
      { contaCorrenteId: 1 },
    ],
    [
      'todas as condições juntas',
      { memoComecaCom: 'TAR', sinal: 'DEBITO', valorMaximo: '100', diasSemana: [1] },
      linha('TAR PACOTE', '-45.00'),
      true,
    ],
  ];
  it.each(casos)('%s', (_nome, condicoes, l, esperado, extra) => {
    expect(um(regra(1, condicoes, tarifa, extra), l)).toBe(esperado);
  });
});

describe('ações', () => {
  it('gerar lançamento: exata, complemento pelo modelo', () => {
    const [d] = aplicarRegras([regra(1, { memoContem: 'TAR' })], [linha('TAR PACOTE', '-1234.50')], []);
    expect(d).toEqual({
      linhaId: 'L',
      regraId: 1,
      tipo: 'GERAR_LANCAMENTO',
      historicoPadraoId: 7,
      complemento: 'TAR PACOTE 04/05/2026',
      exata: true,
      automatica: true,
    });
    const [v] = aplicarRegras(
      [regra(1, { memoContem: 'TAR' }, { ...tarifa, complemento: 'Tarifa {valor} doc {documento}' })],
      [linha('TAR', '-1234.50')],
      [],
    );
    expect(v!.tipo === 'GERAR_LANCAMENTO' && v!.complemento).toBe('Tarifa 1.234,50 doc 123');
  });

  const e = (id: string, valor: string, data: string, origem = 'TITULO_RECEBER') => ({
    id,
    data,
    centavos: centavosDe(valor),
    origem,
  });
  const casos: [string, ReturnType<typeof e>[], string | null, boolean][] = [
    ['um lançamento da origem na janela: exata', [e('E1', '10.00', '2026-05-06')], 'E1', true],
    ['fora da janela: não toma', [e('E1', '10.00', '2026-05-08')], null, false],
    ['outra origem: não toma', [e('E1', '10.00', '2026-05-04', 'MANUAL')], null, false],
    ['outro valor: não toma', [e('E1', '10.01', '2026-05-04')], null, false],
    ['sinal oposto: não toma', [e('E1', '-10.00', '2026-05-04')], null, false],
    [
      'dois na janela: o mais próximo, não exata',
      [e('E1', '10.00', '2026-05-01'), e('E2', '10.00', '2026-05-05')],
      'E2',
      false,
    ],
  ];
  it.each(casos)('conciliar: %s', (_n, lancs, esperado, exata) => {
    const d = aplicarRegras(
      [regra(1, { memoComecaCom: 'PIX RECEBIDO' }, recebimento)],
      [linha('PIX RECEBIDO', '10.00')],
      lancs,
    );
    expect(d[0]?.tipo === 'CONCILIAR' ? d[0].lancamentoId : null).toBe(esperado);
    if (esperado) expect([d[0]!.exata, d[0]!.automatica]).toEqual([exata, exata]);
  });

  it('um lançamento não serve a duas linhas', () => {
    const l1 = { ...linha('PIX RECEBIDO', '10.00'), id: 'L1' };
    const l2 = { ...linha('PIX RECEBIDO', '10.00'), id: 'L2' };
    const d = aplicarRegras([regra(1, { memoContem: 'PIX' }, recebimento)], [l1, l2], [e('E1', '10.00', '2026-05-04')]);
    expect(d).toHaveLength(1);
    expect(d[0]!.linhaId).toBe('L1');
  });
});

describe('prioridade e confirmação automática', () => {
  const geral = regra(1, { memoContem: 'TAR' }, { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 1 });
  const especifica = regra(2, { memoContem: 'TAR PACOTE' }, { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 2 });
  it.each([
    ['a de menor prioridade vence', { prioridade: 10 }, { prioridade: 20 }, 1],
    ['a outra ordem', { prioridade: 20 }, { prioridade: 10 }, 2],
    ['empate: a de menor id', {}, {}, 1],
  ] as const)('%s', (_n, p1, p2, vencedora) => {
    const [d] = aplicarRegras(
      [
        { ...especifica, ...p2 },
        { ...geral, ...p1 },
      ],
      [linha('TAR PACOTE', '-5')],
      [],
    );
    expect(d!.regraId).toBe(vencedora);
  });
  it('uma regra de conciliar sem par deixa a próxima tentar', () => {
    const conciliar = regra(1, { memoContem: 'TAR' }, recebimento, { prioridade: 1 });
    const [d] = aplicarRegras([conciliar, especifica], [linha('TAR PACOTE', '-5')], []);
    expect(d!.regraId).toBe(2);
  });
  it('sem confirmação automática: exata, mas não automática', () => {
    const [d] = aplicarRegras([{ ...geral, confirmarAutomatico: false }], [linha('TAR', '-5')], []);
    expect([d!.exata, d!.automatica]).toEqual([true, false]);
  });
});

describe('regra aprendida', () => {
  const r = (id: string, descricao: string, valor: string, acao: Resolucao['acao']): Resolucao => ({
    linhaId: id,
    contaCorrenteId: 1,
    descricao,
    centavos: centavosDe(valor),
    acao,
  });
  const h = { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 9 } as const;
  it('radical: as palavras antes do primeiro número', () => {
    expect(radicalDoMemo('Tar. Pacote Serviços 05/2026 x')).toEqual(['TAR', 'PACOTE', 'SERVICOS']);
  });
  it('três resolvidas do mesmo jeito → proposta com o que compartilham', () => {
    const p = proporRegras(
      [
        r('1', 'TAR PACOTE SERVICOS 04/2026', '-45', h),
        r('2', 'TAR PACOTE SERVICOS 05/2026', '-45', h),
        r('3', 'TAR PACOTE ITAU 06', '-47', h),
        r('4', 'PIX RECEBIDO ANA', '10', { tipo: 'CONCILIAR', origem: 'TITULO_RECEBER' }),
      ],
      3,
    );
    expect(p).toHaveLength(1);
    expect(p[0]!.condicoes).toEqual({ memoComecaCom: 'TAR PACOTE', sinal: 'DEBITO' });
    expect(p[0]!.acao).toEqual({ tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 9, complemento: '{memo}' });
    expect(p[0]!.linhas).toEqual(['1', '2', '3']);
  });
  it('duas, ou três resolvidas de jeitos diferentes: nada', () => {
    const outra = { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 8 } as const;
    expect(proporRegras([r('1', 'TAR PACOTE A', '-1', h), r('2', 'TAR PACOTE B', '-1', h)], 3)).toEqual([]);
    expect(
      proporRegras(
        [r('1', 'TAR PACOTE', '-1', h), r('2', 'TAR PACOTE', '-1', h), r('3', 'TAR PACOTE', '-1', outra)],
        3,
      ),
    ).toEqual([]);
  });
  it('conciliadas com a mesma origem → regra de conciliar, sinal dos dois lados → AMBOS', () => {
    const c = { tipo: 'CONCILIAR', origem: 'TITULO_RECEBER' } as const;
    const [p] = proporRegras(
      [r('1', 'PIX RECEBIDO ANA', '10', c), r('2', 'PIX RECEBIDO BIA', '-3', c), r('3', 'PIX RECEBIDO 123', '8', c)],
      2,
    );
    expect(p!.condicoes).toEqual({ memoComecaCom: 'PIX RECEBIDO', sinal: 'AMBOS' });
    expect(p!.acao).toEqual({ tipo: 'CONCILIAR', origem: 'TITULO_RECEBER', janelaDias: 2 });
  });
});

describe('expressões regulares', () => {
  it.each([
    ['^TAR\\s+PACOTE', null],
    ['(', 'a expressão regular é inválida.'],
    ['(a+)+$', 'a expressão regular tem repetição aninhada: simplifique-a.'],
    ['(\\w*x)*', 'a expressão regular tem repetição aninhada: simplifique-a.'],
  ])('%s', (re, erro) => expect(erroDaRegex(re)).toBe(erro));
});
