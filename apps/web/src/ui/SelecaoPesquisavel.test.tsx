import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../test/render';
import { SelecaoPesquisavel } from './SelecaoPesquisavel';

const OPCOES = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `Fornecedor ${i + 1}` }));

describe('SelecaoPesquisavel', () => {
  it("has the placeholder 'Selecionar' and pages of 5 with 'Mostrar mais' (spec default)", async () => {
    renderizar(<SelecaoPesquisavel label="Fornecedor" opcoes={OPCOES} valor={null} aoMudar={() => {}} />);
    const campo = screen.getByRole('textbox', { name: 'Fornecedor' });
    expect(campo.getAttribute('placeholder')).toBe('Selecionar');
    fireEvent.click(campo);
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(6));
    fireEvent.click(screen.getByRole('option', { name: 'Mostrar mais', hidden: true }));
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(11));
  });

  it('a screen may show more per page (15: all 12 at once, no Mostrar mais)', async () => {
    renderizar(
      <SelecaoPesquisavel label="Fornecedor" opcoes={OPCOES} valor={null} aoMudar={() => {}} tamanhoPagina={15} />,
    );
    fireEvent.click(screen.getByRole('textbox', { name: 'Fornecedor' }));
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(12));
    expect(screen.queryByRole('option', { name: 'Mostrar mais', hidden: true })).toBeNull();
  });

  it("filters ignoring accents and says 'Nenhum resultado'", async () => {
    const mudar = vi.fn();
    renderizar(
      <SelecaoPesquisavel
        label="Loja"
        opcoes={[
          { value: 'a', label: 'Anápolis' },
          { value: 'b', label: 'Centro' },
        ]}
        valor={null}
        aoMudar={mudar}
      />,
    );
    const campo = screen.getByRole('textbox', { name: 'Loja' });
    fireEvent.change(campo, { target: { value: 'anap' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Anápolis', hidden: true }));
    expect(mudar).toHaveBeenCalledWith('a', { value: 'a', label: 'Anápolis' });
    fireEvent.change(campo, { target: { value: 'zzz' } });
    expect(await screen.findByText('Nenhum resultado')).toBeTruthy();
  });

  it('searches on the server when given buscar', async () => {
    const buscar = vi.fn(async (t: string) => [{ value: '9', label: `Resultado ${t}` }]);
    renderizar(<SelecaoPesquisavel label="Produto" buscar={buscar} valor={null} aoMudar={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Produto' }), { target: { value: 'arroz' } });
    expect(await screen.findByRole('option', { name: 'Resultado arroz', hidden: true })).toBeTruthy();
    expect(buscar).toHaveBeenCalledWith('arroz');
  });
});
