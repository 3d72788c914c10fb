/** Shelf labels from the product list: the ticked products, the stores and the label stock reach the command. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProvedorCadastros } from '../../../registers/contexto';
import { renderizar } from '../../../test/render';
import { ImprimirEtiquetas } from './ImprimirEtiquetas';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', () => ({ api, configurarApi: () => {} }));

const LOJAS = [
  { id: 1, sigla: 'BV01', fantasia: 'Centro', principal: false },
  { id: 2, sigla: 'BV02', fantasia: 'Londrina', principal: true },
];
const ITENS = [
  { id: 10, codigoInterno: '7', descricao: 'Arroz 5 kg' },
  { id: 11, codigoInterno: '8', descricao: 'Feijão 1 kg' },
];

beforeEach(() => {
  api.mockReset();
  api.mockResolvedValue({ tarefaId: 't-1', message: 'ok' });
});

describe('ImprimirEtiquetas', () => {
  it('sends the ticked products for the main store on the default label stock', async () => {
    renderizar(
      <ProvedorCadastros value={{ permissoes: [], administrador: false, lojas: LOJAS }}>
        <ImprimirEtiquetas itens={ITENS} />
      </ProvedorCadastros>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Etiquetas' }));
    const gerar = await screen.findByRole('button', { name: 'Gerar PDF' });
    // nothing ticked yet: nothing to print
    expect(gerar.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '8 - Feijão 1 kg' }));
    expect(screen.getByText('Produtos desta página (1 de 2 marcados)')).toBeTruthy();
    fireEvent.click(gerar);
    await waitFor(() => expect(api).toHaveBeenCalled());
    const [url, opcoes] = api.mock.calls[0]!;
    expect(url).toBe('/api/v1/produto/impressao-etiqueta');
    expect(opcoes.body).toEqual({ lojas: [2], produtos: [11], layout: 'A4-3x10', copias: 1 });
  });
});
