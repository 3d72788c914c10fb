import { TextInput } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderizar } from '../../test/render';
import { Atalhos, useFolhaAtalhos } from './Atalhos';

afterEach(() => act(() => useFolhaAtalhos.getState().abrir(false)));

describe('global shortcuts', () => {
  it("'/' goes to the list's search, but is a slash while typing in a field", () => {
    renderizar(
      <>
        <Atalhos />
        <TextInput label="Descrição" />
        <TextInput label="Pesquisar" data-atalho-busca />
      </>,
    );
    const busca = screen.getByLabelText('Pesquisar');
    const descricao = screen.getByLabelText('Descrição');
    descricao.focus();
    fireEvent.keyDown(descricao, { key: '/' });
    expect(document.activeElement).toBe(descricao);
    descricao.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(busca);
  });

  it("'?' opens the sheet that lists every shortcut", async () => {
    renderizar(<Atalhos />);
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(await screen.findByText('Atalhos do teclado')).toBeTruthy();
    for (const t of ['Ir para o próximo campo (no último campo, salva)', 'Salvar', 'Mover a seleção entre as linhas'])
      expect(screen.getByText(t)).toBeTruthy();
    expect(screen.getByText(/Buscar uma tela ou um registro/)).toBeTruthy();
  });
});
