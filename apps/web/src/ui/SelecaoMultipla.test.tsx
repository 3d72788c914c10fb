import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../test/render';
import { SelecaoMultipla } from './SelecaoMultipla';

const OPCOES = [
  { value: '1', label: '1 - Shopping Curitiba' },
  { value: '2', label: '2 - Londrina' },
  { value: '3', label: '3 - Joinville' },
  { value: '4', label: '4 - Bela Vida SP' },
];

const abrir = () => fireEvent.click(screen.getByRole('textbox', { name: 'Lojas' }));
const opcao = (nome: string) => screen.getByRole('option', { name: nome });

describe('SelecaoMultipla', () => {
  it("shows at most 2 chips and '+N' for the rest", () => {
    const { container } = renderizar(
      <SelecaoMultipla label="Lojas" opcoes={OPCOES} valor={['1', '2', '3', '4']} aoSalvar={() => {}} />,
    );
    const chips = [...container.querySelectorAll('.mantine-Pill-root')].map((p) => p.textContent);
    expect(chips).toEqual(['1 - Shopping Curitiba', '2 - Londrina', '+2']);
  });

  it("says 'Sem opções disponíveis' when empty", async () => {
    renderizar(<SelecaoMultipla label="Lojas" opcoes={[]} valor={[]} aoSalvar={() => {}} />);
    abrir();
    expect(await screen.findByText('Sem opções disponíveis')).toBeTruthy();
  });

  it('saves after a change when the user clicks outside', async () => {
    const salvar = vi.fn();
    renderizar(<SelecaoMultipla label="Lojas" opcoes={OPCOES} valor={['1']} aoSalvar={salvar} />);
    abrir();
    fireEvent.click(await screen.findByRole('option', { name: /Londrina/ }));
    fireEvent.blur(screen.getByRole('textbox', { name: 'Lojas' }));
    await waitFor(() => expect(salvar).toHaveBeenCalledWith(['1', '2']));
  });

  it('does not save without a change, and select-all picks every option', async () => {
    const salvar = vi.fn();
    renderizar(<SelecaoMultipla label="Lojas" opcoes={OPCOES} valor={[]} aoSalvar={salvar} />);
    abrir();
    fireEvent.blur(screen.getByRole('textbox', { name: 'Lojas' }));
    expect(salvar).not.toHaveBeenCalled();
    abrir();
    fireEvent.click(await screen.findByRole('option', { name: /Selecionar todos/ }));
    fireEvent.blur(screen.getByRole('textbox', { name: 'Lojas' }));
    await waitFor(() => expect(salvar).toHaveBeenCalledWith(['1', '2', '3', '4']));
  });

  it('closes on Esc without saving', async () => {
    const salvar = vi.fn();
    renderizar(<SelecaoMultipla label="Lojas" opcoes={OPCOES} valor={[]} aoSalvar={salvar} />);
    abrir();
    fireEvent.click(await screen.findByRole('option', { name: /Joinville/ }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Lojas' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Joinville/ })).toBeNull());
    expect(salvar).not.toHaveBeenCalled();
  });

  it('single mode keeps one value and has no select-all', async () => {
    const salvar = vi.fn();
    renderizar(<SelecaoMultipla label="Lojas" opcoes={OPCOES} valor={['1']} aoSalvar={salvar} unico />);
    abrir();
    expect(screen.queryByRole('option', { name: /Selecionar todos/ })).toBeNull();
    fireEvent.click(opcao('3 - Joinville'));
    fireEvent.blur(screen.getByRole('textbox', { name: 'Lojas' }));
    await waitFor(() => expect(salvar).toHaveBeenCalledWith(['3']));
  });
});
