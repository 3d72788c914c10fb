/** Learning resources in the browser: opens once after login, help reopens, dismiss updates list and cache. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEstadoUi } from '../../../servicos/estado-ui';
import { aoEncerrarSessao, aoIniciarSessao } from '../../../servicos/sessao/eventos';
import { useSessao } from '../../../servicos/sessao/store';
import type { Usuario } from '../../../servicos/sessao/types';
import { CHAVES, lerCache } from '../../../lib/storage';
import { renderizar } from '../../../test/render';
import { AjudaDaTela } from './AjudaDaTela';
import type { RecursoAprendizagem } from './aprendizagem.api';
import { APRENDIZAGEM_CACHE_MS, instalarAprendizagem, useAprendizagem } from './aprendizagem.store';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', () => ({ api, configurarApi: () => {} }));

const USUARIO: Usuario = { id: 3, administrador: false, tipoCliente: 'BOTICARIO', permissoes: [], lojasUsuario: [] };
const RECURSO: RecursoAprendizagem = {
  id: 9,
  menuId: '/planoPagamento',
  titulo: 'Como montar um plano de pagamento',
  conteudo: 'Parcelas que somam 100%.',
  link: null,
};
const chave = `${CHAVES.recursosAprendizagem}.3`;

beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (url: string) => {
    if (url === '/api/v1/recurso-aprendizagem/menus') return [RECURSO];
    if (url === '/api/v1/recurso-aprendizagem/9/dispensar') return { id: 9, dispensado: true };
    throw new Error(url);
  });
  useSessao.setState({ usuario: USUARIO });
  useEstadoUi.setState({ modalAprendizagemAberto: false });
  instalarAprendizagem();
  useAprendizagem.getState().limpar();
});
afterEach(() => useAprendizagem.getState().limpar());

describe('recursos de aprendizagem no navegador', () => {
  it('no login recarrega do servidor, guarda no cache e abre o recurso da primeira tela uma só vez', async () => {
    aoIniciarSessao(USUARIO);
    renderizar(<AjudaDaTela menuId="/planoPagamento" />);
    expect(await screen.findByRole('dialog', { name: RECURSO.titulo })).toBeTruthy();
    expect(lerCache(chave, APRENDIZAGEM_CACHE_MS)).toEqual([RECURSO]);
    expect(useAprendizagem.getState().abrirAoEntrar).toBe(false);

    // closed (as a navigation does): it does not open by itself again
    useEstadoUi.setState({ modalAprendizagemAberto: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Ajuda desta tela' }));
    expect(await screen.findByRole('dialog', { name: RECURSO.titulo })).toBeTruthy();
  });

  it('a primeira tela sem recurso consome a abertura: outra tela depois não abre sozinha', async () => {
    aoIniciarSessao(USUARIO);
    const { unmount } = renderizar(<AjudaDaTela menuId="/" />);
    await waitFor(() => expect(useAprendizagem.getState().abrirAoEntrar).toBe(false));
    unmount();
    renderizar(<AjudaDaTela menuId="/planoPagamento" />);
    expect(screen.getByRole('button', { name: 'Ajuda desta tela' })).toBeTruthy();
    expect(useEstadoUi.getState().modalAprendizagemAberto).toBe(false);
  });

  it('dispensar avisa o servidor e tira o recurso da lista e do cache; sair limpa tudo', async () => {
    await useAprendizagem.getState().carregar(true);
    renderizar(<AjudaDaTela menuId="/planoPagamento" />);
    fireEvent.click(screen.getByRole('button', { name: 'Ajuda desta tela' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Não mostrar novamente' }));
    await waitFor(() => expect(useAprendizagem.getState().recursos).toEqual([]));
    expect(api).toHaveBeenCalledWith('/api/v1/recurso-aprendizagem/9/dispensar', { method: 'POST' });
    expect(lerCache(chave, APRENDIZAGEM_CACHE_MS)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ajuda desta tela' })).toBeNull());

    await useAprendizagem.getState().carregar(true);
    aoEncerrarSessao();
    expect(useAprendizagem.getState().recursos).toEqual([]);
    expect(localStorage.getItem(chave)).toBeNull();
  });

  it('ao sair da tela de cadastro dos recursos recarrega do servidor (a ajuda do administrador acompanha)', async () => {
    await useAprendizagem.getState().carregar(true);
    const cadastro = renderizar(<AjudaDaTela menuId="/recursosAprendizagem" />);
    expect(api).toHaveBeenCalledTimes(1);
    const NOVO = { ...RECURSO, id: 10, menuId: '/marcasProduto', titulo: 'Marcas' };
    api.mockResolvedValueOnce([RECURSO, NOVO]);
    cadastro.unmount(); // the shell shows the next screen's help
    const marcas = renderizar(<AjudaDaTela menuId="/marcasProduto" />);
    await waitFor(() => expect(useAprendizagem.getState().recursos).toEqual([RECURSO, NOVO]));
    expect(await screen.findByRole('button', { name: 'Ajuda desta tela' })).toBeTruthy();
    // other navigations read what is loaded
    marcas.unmount();
    renderizar(<AjudaDaTela menuId="/planoPagamento" />);
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('com sessão viva (recarga da página) lê o cache sem chamar o servidor', async () => {
    const { gravarCache } = await import('../../../lib/storage');
    gravarCache(chave, [RECURSO]);
    await useAprendizagem.getState().carregar();
    expect(api).not.toHaveBeenCalled();
    expect(useAprendizagem.getState().recursos).toEqual([RECURSO]);
  });
});
