import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessao } from '../../servicos/sessao/store';
import { renderizar } from '../../test/render';
import { comLojaAtual, lojaLembrada } from './loja-atual';
import { SeletorLoja } from './SeletorLoja';

const USUARIO = {
  id: 7,
  nome: 'Teste',
  administrador: false,
  tipoCliente: 'TODOS',
  permissoes: [],
  lojasUsuario: [
    { id: 1, fantasia: 'Centro', ativo: true, principal: true },
    { id: 2, fantasia: 'Bairro', ativo: true, principal: false },
  ],
};

afterEach(() => {
  localStorage.clear();
  act(() => useSessao.setState({ usuario: null }));
});

describe('header store', () => {
  it('switching marks the chosen store as the one the screens start on, and is remembered', async () => {
    useSessao.setState({ usuario: USUARIO as never });
    renderizar(<SeletorLoja />);
    const botao = screen.getByRole('button', { name: /Loja atual: 1 - Centro/ });
    fireEvent.click(botao);
    fireEvent.click(await screen.findByRole('menuitem', { name: '2 - Bairro' }));
    const lojas = useSessao.getState().usuario?.lojasUsuario ?? [];
    expect(lojas.find((l) => l.principal)?.id).toBe(2);
    expect(lojaLembrada(7)).toBe(2);
    expect(await screen.findByRole('button', { name: /Loja atual: 2 - Bairro/ })).toBeTruthy();
  });

  it('after a reload the remembered store comes back; a store no longer granted is ignored', () => {
    localStorage.setItem('retaguarda.lojaAtual.7', '2');
    useSessao.setState({ usuario: USUARIO as never });
    renderizar(<SeletorLoja />);
    expect(useSessao.getState().usuario?.lojasUsuario.find((l) => l.principal)?.id).toBe(2);
    expect(comLojaAtual(USUARIO as never, 99)).toBe(USUARIO);
  });
});
