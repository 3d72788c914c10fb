import { describe, expect, it } from 'vitest';
import { chaveAcessoValida } from '../../documentos-fiscais/chave-acesso';
import {
  cartaoDoFiltro,
  type ConsultaNfce,
  consultaDoFiltro,
  diaDoFiltro,
  type FiltroNotasInvalidas,
  filtroDoCartao,
  filtroPadraoNotas,
  listaDaPaginacao,
  MSG_FILTRO_NFCE,
  parametrosDoFiltro,
} from './filtro-monitor';
import { filtroDosParametros, parametrosMonitorNfce } from './monitor.contrato';
import { statusDoEnvio } from './status-documento';
import { z } from 'zod';

const CHAVE = '41250541553872000164650010000123451847362512';
const CHAVE_DV_ERRADO = `${CHAVE.slice(0, 43)}${(Number(CHAVE[43]) + 1) % 10}`;
const hoje = '2025-05-14';
const base = filtroPadraoNotas(hoje);
const f = (p: Partial<FiltroNotasInvalidas>): FiltroNotasInvalidas => ({ ...base, ...p });
const esperado = (p: Partial<ConsultaNfce>): ConsultaNfce => ({
  lojas: [],
  de: '2025-05-08',
  ate: '2025-05-14',
  status: 'REJEITADA',
  faixa: false,
  frentes: [],
  caixas: [],
  chave: null,
  motivos: [],
  numeroMinimo: null,
  numeroMaximo: null,
  ...p,
});

describe('NFC-e monitor filter → query', () => {
  it('spec §4 defaults: REJEITADA, normal, the last 7 days ending today, every store', () => {
    expect(base).toMatchObject({
      status: 'REJEITADA',
      tipoPesquisaNota: 'normal',
      data: { inicio: '2025-05-08', fim: '2025-05-14' },
      lojas: [],
    });
  });

  const casos: [string, Partial<FiltroNotasInvalidas>, Partial<ConsultaNfce>][] = [
    ['the defaults', {}, {}],
    [
      // §5: the card dates carry a Z that is ignored — the store-local days are what they name
      'card dates with Z are store-local days',
      { data: { inicio: '2025-05-14T00:00:00Z', fim: '2025-05-14T23:59:59Z' } },
      { de: '2025-05-14', ate: '2025-05-14' },
    ],
    [
      // a Manaus store (UTC−4): 23:59:59Z is 19:59 there, but the filter still means its 14/05 whole
      'a Manaus store keeps its own day',
      { lojas: [7], data: { inicio: '2025-05-14T00:00:00Z', fim: '2025-05-14T23:59:59Z' } },
      { lojas: [7], de: '2025-05-14', ate: '2025-05-14' },
    ],
    [
      'an offset is ignored as well',
      { data: { inicio: '2025-05-01T00:00:00-03:00', fim: '2025-05-02' } },
      { de: '2025-05-01', ate: '2025-05-02' },
    ],
    ['status null is every status', { status: null }, { status: null }],
    [
      'stores, PDVs and caixas deduplicated and sorted',
      { lojas: [3, 1, 3], frenteDeLoja: [9, 2], caixas: [21, 11, 21] },
      { lojas: [1, 3], frentes: [2, 9], caixas: [11, 21] },
    ],
    ['rejection reasons by codigo', { motivosRejeicao: [{ codigo: 778 }, { codigo: 539 }] }, { motivos: [539, 778] }],
    [
      'a number range',
      { numeroDocumentoMinimo: 100, numeroDocumentoMaximo: 140 },
      { numeroMinimo: 100, numeroMaximo: 140 },
    ],
    ['a whole chave finds the note on any day', { chaveNfce: CHAVE }, { chave: CHAVE, de: null, ate: null }],
    [
      'a chave typed with separators',
      { chaveNfce: `4125 0541 5538-72000164.650010000123451847362512` },
      { chave: CHAVE, de: null, ate: null },
    ],
    ['part of a chave keeps the period', { chaveNfce: '0000123451' }, { chave: '0000123451' }],
    [
      'faixa: every status and every reason, the gaps need all the numbers used',
      { tipoPesquisaNota: 'faixa', motivosRejeicao: [{ codigo: 778 }] },
      { faixa: true, status: null, motivos: [] },
    ],
  ];
  it.each(casos)('%s', (_nome, filtro, consulta) => {
    const r = consultaDoFiltro(f(filtro));
    expect(r).toEqual({ ok: true, consulta: esperado(consulta) });
  });

  const erros: [string, Partial<FiltroNotasInvalidas>, string, string][] = [
    ['a chave with a wrong check digit', { chaveNfce: CHAVE_DV_ERRADO }, 'chaveNfce', MSG_FILTRO_NFCE.chaveDigito],
    ['a chave with letters', { chaveNfce: 'abc123' }, 'chaveNfce', MSG_FILTRO_NFCE.chaveInvalida],
    ['a chave longer than 44', { chaveNfce: `${CHAVE}1` }, 'chaveNfce', MSG_FILTRO_NFCE.chaveInvalida],
    [
      'a period upside down',
      { data: { inicio: '2025-05-14', fim: '2025-05-01' } },
      'data.fim',
      MSG_FILTRO_NFCE.periodoInvertido,
    ],
    [
      'an impossible date',
      { data: { inicio: '2025-02-30', fim: '2025-03-01' } },
      'data.inicio',
      MSG_FILTRO_NFCE.dataInvalida,
    ],
    [
      'a period over a year',
      { data: { inicio: '2024-01-01', fim: '2025-05-01' } },
      'data.fim',
      MSG_FILTRO_NFCE.periodoLongo(366),
    ],
    [
      'a number range upside down',
      { numeroDocumentoMinimo: 50, numeroDocumentoMaximo: 10 },
      'numeroDocumentoMaximo',
      MSG_FILTRO_NFCE.faixaInvertida,
    ],
  ];
  it.each(erros)('refuses %s', (_nome, filtro, campo, mensagem) => {
    const r = consultaDoFiltro(f(filtro));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.erros).toContainEqual({ campo, mensagem });
  });

  it('the test chave is a valid one and its altered twin is not', () => {
    expect(chaveAcessoValida(CHAVE)).toBe(true);
    expect(chaveAcessoValida(CHAVE_DV_ERRADO)).toBe(false);
  });

  it('§5 card payload: dates as yyyy-MM-ddT00:00:00Z / T23:59:59Z, no status; back to the same filter', () => {
    const filtro = f({ lojas: [1], caixas: [21], numeroDocumentoMinimo: 120 });
    const cartao = cartaoDoFiltro(filtro);
    expect(cartao.dataInicial).toBe('2025-05-08T00:00:00Z');
    expect(cartao.dataFinal).toBe('2025-05-14T23:59:59Z');
    expect(cartao).not.toHaveProperty('status');
    const volta = filtroDoCartao(cartao, 'CANCELADA');
    expect(consultaDoFiltro(volta)).toEqual(consultaDoFiltro({ ...filtro, status: 'CANCELADA' }));
  });

  it.each([
    ['2025-05-14', '2025-05-14'],
    ['2025-05-14T23:59:59Z', '2025-05-14'],
    ['2025-05-14T23:59:59.999Z', '2025-05-14'],
    ['2025-05-14 10:00', '2025-05-14'],
    ['14/05/2025', null],
    ['2025-13-01', null],
  ])('diaDoFiltro(%s) = %s', (v, dia) => expect(diaDoFiltro(v)).toBe(dia));

  it.each([
    [
      { linhasPorPagina: 50, paginaAtual: 1, ordenacao: '-emissao' },
      { start: 0, count: 50, sort: '-emissao' },
    ],
    [
      { linhasPorPagina: 20, paginaAtual: 3, ordenacao: 'numero' },
      { start: 40, count: 20, sort: 'numero' },
    ],
    [
      { linhasPorPagina: 0, paginaAtual: 0, ordenacao: '' },
      { start: 0, count: 50, sort: '-emissao' },
    ],
    [
      { linhasPorPagina: 5000, paginaAtual: 2, ordenacao: 'valor' },
      { start: 1000, count: 1000, sort: 'valor' },
    ],
  ])('pagination %o → list %o', (p, l) => expect(listaDaPaginacao(p)).toEqual(l));

  it('the query string and back give the same query (the web sends what the server reads)', () => {
    const filtro = f({
      lojas: [1, 2],
      caixas: [21],
      frenteDeLoja: [5],
      motivosRejeicao: [{ codigo: 778 }],
      chaveNfce: '1234',
      numeroDocumentoMinimo: 1,
      numeroDocumentoMaximo: 9,
    });
    const lido = z.object(parametrosMonitorNfce).parse(parametrosDoFiltro(filtro));
    expect(consultaDoFiltro(filtroDosParametros(lido, hoje, '2025-05-08'))).toEqual(consultaDoFiltro(filtro));
  });

  it('no period in the query string is the last 7 days; the card names are read too', () => {
    const semData = z.object(parametrosMonitorNfce).parse({});
    expect(filtroDosParametros(semData, hoje, '2025-05-08').data).toEqual({ inicio: '2025-05-08', fim: hoje });
    const cartao = z
      .object(parametrosMonitorNfce)
      .parse({ dataInicial: '2025-05-10T00:00:00Z', dataFinal: '2025-05-11T23:59:59Z' });
    const c = consultaDoFiltro(filtroDosParametros(cartao, hoje, '2025-05-08'));
    expect(c.ok && [c.consulta.de, c.consulta.ate]).toEqual(['2025-05-10', '2025-05-11']);
    expect(z.object(parametrosMonitorNfce).parse({ lojas: ['1,2', '3'] }).lojas).toEqual([1, 2, 3]);
    expect(z.object(parametrosMonitorNfce).safeParse({ caixas: 'x' }).success).toBe(false);
  });
});

describe('uploaded status → document status', () => {
  it.each([
    [{ status: 'AUTORIZADA', cStat: 100, tpEmis: 1 }, 'AUTORIZADA'],
    [{ status: 'pendente', cStat: 100 }, 'AUTORIZADA'],
    [{ status: null, cStat: 150 }, 'AUTORIZADA'],
    [{ status: 'Autorizado' }, 'AUTORIZADA'],
    [{ status: 'REJEITADA', cStat: 778 }, 'REJEITADA'],
    [{ status: null, cStat: 539 }, 'REJEITADA'],
    [{ status: 'cancelado', cStat: 135 }, 'CANCELADA'],
    [{ cStat: 302 }, 'DENEGADA'],
    [{ cStat: 102 }, 'INUTILIZADA'],
    [{ status: 'Contingência', tpEmis: 9 }, 'CONTINGENCIA'],
    [{ status: null, tpEmis: 9 }, 'CONTINGENCIA'],
    [{ status: 'OFFLINE' }, 'CONTINGENCIA'],
    [{ status: 'qualquer' }, 'PENDENTE'],
    [{}, 'PENDENTE'],
  ])('%o → %s', (e, s) => expect(statusDoEnvio(e)).toBe(s));
});
