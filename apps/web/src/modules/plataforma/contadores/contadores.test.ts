/** Counter timing rules (spec §4, §9): 20 s storage reads, 120 s between server loads, then notifications. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessao } from '../../../servicos/sessao/store';
import type { Usuario } from '../../../servicos/sessao/types';
import { CHAVES, gravarCache } from '../../../lib/storage';
import { useNotificacoes } from '../notificacoes.store';
import { iniciarCicloContadores, pararCicloContadores, somaProduto, useContadores } from './contadores.store';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', () => ({ api, configurarApi: () => {} }));

const TODAS = ['PERM_INCONSISTENCIA_ACESSO', 'PERM_CFOP_ACESSO', 'PERM_INCONSISTENCIA_PRODUTO_ACESSO'];
const usuario = (permissoes: string[]): Usuario => ({
  id: 7,
  administrador: false,
  tipoCliente: 'TODOS',
  permissoes,
  lojasUsuario: [],
});

const RESPOSTAS: Record<string, unknown> = {
  '/api/v1/pdv/pendencias': { total: 4 },
  '/api/v1/produto/inconsistencias-tributacao': { total: 2 },
  '/api/v1/produto/inconsistencias-produto': {
    items: [
      { tipoInconsistencia: 'SEM_CEST', quantidade: 7 },
      { tipoInconsistencia: 'NCM_INEXISTENTE_OU_VENCIDO', quantidade: 3 },
      { tipoInconsistencia: 'CST_INCOMPATIVEL_CRT', quantidade: 1 },
    ],
  },
  '/api/v1/pdv/erros-subida-venda': { total: 1, items: [{ lojaId: 1, sigla: 'BV01', errosDeSubidaDeVenda: 9 }] },
};
const chamadas = (url: string) => api.mock.calls.filter(([u]) => u === url).length;
const flush = () => vi.advanceTimersByTimeAsync(0);

let carregarNotificacoes: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-05-04T10:00:00Z') });
  api.mockReset();
  api.mockImplementation(async (url: string) => {
    if (url in RESPOSTAS) return RESPOSTAS[url];
    throw new Error(`inesperado ${url}`);
  });
  carregarNotificacoes = vi.fn<() => Promise<void>>(async () => {});
  useNotificacoes.setState({ carregar: carregarNotificacoes });
  useContadores.getState().limpar();
  useSessao.setState({ usuario: usuario(TODAS) });
});

afterEach(() => {
  pararCicloContadores();
  vi.useRealTimers();
});

describe('contadores de inconsistências', () => {
  it('carrega do servidor ao iniciar, soma o produto sem SEM_CEST e guarda os dados como vieram', async () => {
    iniciarCicloContadores();
    await flush();
    const s = useContadores.getState();
    expect(s.vendas).toBe(4);
    expect(s.tributacao).toBe(2);
    expect(s.produto).toBe(4);
    expect(s.porLoja).toEqual(RESPOSTAS['/api/v1/pdv/erros-subida-venda']);
    expect(localStorage.getItem(`${CHAVES.inconsistencias}.7`)).not.toBeNull();
    expect(carregarNotificacoes).toHaveBeenCalledTimes(1);
  });

  it('a cada 20 s lê o armazenamento local; o servidor só de novo após 120 s, seguido das notificações', async () => {
    iniciarCicloContadores();
    await flush();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(1);

    // another tab wrote newer figures: the next 20 s tick shows them without calling the server
    gravarCache(`${CHAVES.inconsistencias}.7`, { vendas: 11, tributacao: 2, produto: 4, porLoja: null });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(useContadores.getState().vendas).toBe(11);
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(1);

    await vi.advanceTimersByTimeAsync(80_000); // 100 s since the load
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(1);
    expect(carregarNotificacoes).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(20_000); // 120 s: loads again
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(2);
    expect(useContadores.getState().vendas).toBe(4);
    expect(carregarNotificacoes).toHaveBeenCalledTimes(2);
  });

  it('não chama o servidor se a última carga (de qualquer aba) tem menos de 120 s', async () => {
    gravarCache(`${CHAVES.inconsistenciasEm}.7`, Date.now() - 60_000);
    gravarCache(`${CHAVES.inconsistencias}.7`, { vendas: 1, tributacao: 1, produto: 1, porLoja: null });
    iniciarCicloContadores();
    await flush();
    expect(api).not.toHaveBeenCalled();
    expect(useContadores.getState().vendas).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(1);
  });

  it('um contador que falha mostra 0 e os outros seguem', async () => {
    api.mockImplementation(async (url: string) => {
      if (url === '/api/v1/produto/inconsistencias-tributacao') throw new Error('500');
      return RESPOSTAS[url];
    });
    iniciarCicloContadores();
    await flush();
    expect(useContadores.getState().tributacao).toBe(0);
    expect(useContadores.getState().vendas).toBe(4);
  });

  it('sem a permissão o contador não é pedido ao servidor', async () => {
    useSessao.setState({ usuario: usuario(['PERM_CFOP_ACESSO']) });
    iniciarCicloContadores();
    await flush();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(0);
    expect(chamadas('/api/v1/produto/inconsistencias-produto')).toBe(0);
    expect(chamadas('/api/v1/produto/inconsistencias-tributacao')).toBe(1);
    expect(useContadores.getState().vendas).toBeNull();
  });

  it('uma mudança dos dados (evento, comando, tela ligada com outro número) carrega já, antes dos 120 s', async () => {
    iniciarCicloContadores();
    await flush();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await useContadores.getState().invalidar();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(2);

    // the linked screen read the same figure: nothing to do; a different one: load again
    useContadores.getState().conferir('produto', 4);
    await flush();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(2);
    useContadores.getState().conferir('produto', 1);
    await flush();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(3);

    // an invalidation during a load: that load may have read the old data, one more follows
    const primeira = useContadores.getState().invalidar();
    void useContadores.getState().invalidar();
    await primeira;
    await flush();
    expect(chamadas('/api/v1/pdv/pendencias')).toBe(5);
  });

  it('somaProduto deixa SEM_CEST de fora', () => {
    expect(somaProduto([{ tipoInconsistencia: 'SEM_CEST', quantidade: 5 }])).toBe(0);
  });
});
