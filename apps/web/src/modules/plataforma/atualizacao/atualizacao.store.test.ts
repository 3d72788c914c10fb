/** Update flow rules (spec §4 "Update flow", §9): 60 s expiry, attempt counter, reload keeps the start time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEstadoUi } from '../../../servicos/estado-ui';
import { useSessao } from '../../../servicos/sessao/store';
import type { Usuario } from '../../../servicos/sessao/types';
import { useToasts } from '../../../lib/toasts';
import { HttpError } from '../../../lib/erros';
import * as apiAtualizacao from './atualizacao.api';
import { atualizacaoDisponivel, expirada, gravarAndamento, lerAndamento } from './atualizacao.regras';
import { navegador, useAtualizacao } from './atualizacao.store';

vi.mock('./atualizacao.api', async (original) => ({
  ...(await original<typeof import('./atualizacao.api')>()),
  buscarVersaoAtual: vi.fn(),
  buscarVersaoMaisRecente: vi.fn(),
  pedirAtualizacao: vi.fn(),
  situacaoDaAtualizacao: vi.fn(),
}));
const api = vi.mocked(apiAtualizacao);
// the socket is down unless a test says so (the update is then read every 2 s)
const socket = vi.hoisted(() => ({ conectado: false, ouvintes: new Set<(c: boolean) => void>() }));
vi.mock('../../../lib/realtime', () => ({
  ouvirRealtime: () => () => {},
  realtimeConectado: () => socket.conectado,
  aoMudarConexao: (fn: (c: boolean) => void) => {
    socket.ouvintes.add(fn);
    return () => socket.ouvintes.delete(fn);
  },
}));
const mudarSocket = (conectado: boolean) => {
  socket.conectado = conectado;
  for (const fn of [...socket.ouvintes]) fn(conectado);
};

const V = (build: number) => ({ numero: '8.0', build });
let rodando = 48783;

function entrar(administrador: boolean): void {
  useSessao.setState({
    usuario: { id: 1, administrador, tipoCliente: 'TODOS', permissoes: [], lojasUsuario: [] } as Usuario,
  });
}

beforeEach(() => {
  socket.conectado = false;
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  localStorage.clear();
  rodando = 48783;
  api.buscarVersaoAtual.mockImplementation(async () => V(rodando));
  api.buscarVersaoMaisRecente.mockResolvedValue(V(48801));
  api.pedirAtualizacao.mockResolvedValue({ id: 7 } as Awaited<ReturnType<typeof apiAtualizacao.pedirAtualizacao>>);
  api.situacaoDaAtualizacao.mockResolvedValue({ disponivel: true, ultima: null });
  navegador.recarregar = vi.fn();
  useAtualizacao.getState().limpar();
  useToasts.setState({ toasts: [] });
  useEstadoUi.getState().definir({ buildPendente: null });
});

afterEach(() => {
  useAtualizacao.getState().limpar();
  vi.useRealTimers();
});

describe('regras', () => {
  it('atualização disponível quando o build atual é menor que o mais recente', () => {
    expect(atualizacaoDisponivel(V(48783), V(48801))).toBe(true);
    expect(atualizacaoDisponivel(V(48801), V(48801))).toBe(false);
    expect(atualizacaoDisponivel(V(48802), V(48801))).toBe(false);
    expect(atualizacaoDisponivel(null, V(48801))).toBe(false);
  });

  it('um pedido expira após 60 s', () => {
    expect(expirada(0, 59_999)).toBe(false);
    expect(expirada(0, 60_000)).toBe(true);
  });
});

describe('fluxo do administrador', () => {
  beforeEach(async () => {
    entrar(true);
    await useAtualizacao.getState().carregarVersoes();
  });

  it("'Atualizar agora' passa à visão 'sistema' com o início gravado; após 60 s volta à oferta com mais uma tentativa", async () => {
    await useAtualizacao.getState().atualizar();
    expect(useAtualizacao.getState().visao).toBe('sistema');
    expect(lerAndamento()).toEqual({ inicio: Date.now(), origem: 48783, atualizacaoId: 7 });

    await vi.advanceTimersByTimeAsync(59_000);
    expect(useAtualizacao.getState().visao).toBe('sistema');
    await vi.advanceTimersByTimeAsync(1_000);
    const s = useAtualizacao.getState();
    expect(s.visao).toBe('admin');
    expect(s.tentativas).toBe(1);
    expect(lerAndamento()).toBeNull();
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('erro do servidor ao pedir: início limpo, oferta de novo com o contador incrementado e o motivo', async () => {
    api.pedirAtualizacao.mockRejectedValueOnce(new HttpError(503, '/x', { message: 'sem comando' }));
    await useAtualizacao.getState().atualizar();
    expect(useAtualizacao.getState()).toMatchObject({ visao: 'admin', tentativas: 1, erro: 'sem comando' });
    api.pedirAtualizacao.mockRejectedValueOnce(new HttpError(409, '/x', { message: 'em andamento' }));
    await useAtualizacao.getState().atualizar();
    expect(useAtualizacao.getState()).toMatchObject({ visao: 'admin', tentativas: 2, erro: 'em andamento' });
    expect(lerAndamento()).toBeNull();
  });

  it('falha registrada pelo servidor (build revertido) é vista na verificação periódica', async () => {
    await useAtualizacao.getState().atualizar();
    api.situacaoDaAtualizacao.mockResolvedValue({
      disponivel: true,
      ultima: { id: 7, status: 'FALHOU', mensagem: 'o build 48801 não iniciou' } as apiAtualizacao.Tentativa,
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(useAtualizacao.getState()).toMatchObject({
      visao: 'admin',
      tentativas: 1,
      erro: 'o build 48801 não iniciou',
    });
  });

  it('com o socket no ar não lê o build; ele cai com o reinício, o build é lido a cada 2 s e a página recarrega', async () => {
    socket.conectado = true;
    await useAtualizacao.getState().atualizar();
    const leituras = api.buscarVersaoAtual.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.buscarVersaoAtual).toHaveBeenCalledTimes(leituras);
    mudarSocket(false); // the server restarts
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.buscarVersaoAtual).toHaveBeenCalledTimes(leituras + 1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.buscarVersaoAtual).toHaveBeenCalledTimes(leituras + 2);
    rodando = 48801;
    mudarSocket(true); // back on the new build: one read at once
    await vi.advanceTimersByTimeAsync(0);
    expect(navegador.recarregar).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.buscarVersaoAtual).toHaveBeenCalledTimes(leituras + 3);
  });

  it('novo build em execução: estado limpo e página recarregada; no recarregamento o build novo fica pendente', async () => {
    await useAtualizacao.getState().atualizar();
    rodando = 48801;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(navegador.recarregar).toHaveBeenCalledOnce();
    expect(useAtualizacao.getState().visao).toBeNull();
    expect(lerAndamento()).toBeNull();
    await useAtualizacao.getState().carregarVersoes(); // what the reloaded page does
    expect(useEstadoUi.getState().buildPendente).toBe('8.0.48801');
  });
});

describe('outros usuários', () => {
  beforeEach(async () => {
    entrar(false);
    await useAtualizacao.getState().carregarVersoes();
  });

  it("após 60 s sem o novo build: modal fechado e o toast 'Erro ao atualizar'", async () => {
    useAtualizacao.getState().emAndamento({ inicio: Date.now(), origem: 48783, atualizacaoId: 7 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(useAtualizacao.getState().visao).toBeNull();
    expect(useAtualizacao.getState().tentativas).toBe(0);
    expect(useToasts.getState().toasts).toMatchObject([
      {
        type: 'error',
        title: 'Erro ao atualizar',
        message: 'A atualização não ocorreu como esperado, algum erro ocorreu durante o processo.',
      },
    ]);
  });

  it("recarregar a página mantém a visão 'sistema' enquanto o pedido não expirou", async () => {
    gravarAndamento({ inicio: Date.now() - 30_000, origem: 48783, atualizacaoId: 7 });
    useAtualizacao.setState({ andamento: null, visao: null });
    await useAtualizacao.getState().carregarVersoes();
    expect(useAtualizacao.getState().visao).toBe('sistema');
    expect(useAtualizacao.getState().andamento?.inicio).toBe(Date.now() - 30_000);
  });

  it('pedido de logout do administrador abre a visão usuario', () => {
    useAtualizacao.getState().logoutSolicitado('Saiam, por favor.');
    expect(useAtualizacao.getState()).toMatchObject({ visao: 'usuario', mensagemUsuario: 'Saiam, por favor.' });
  });
});
