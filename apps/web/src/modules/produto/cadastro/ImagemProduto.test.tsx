import { act, fireEvent, screen } from '@testing-library/react';
import { produto } from '@retaguarda/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../../test/render';
import * as envio from '../../../ui/uploadEnvio';
import { ImagemProdutoInput } from './ImagemProduto';

const campo = produto.fields.find((f) => f.name === 'imagem')!;
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('ImagemProdutoInput', () => {
  it('shows the saved picture from /arquivo/view and removes it', () => {
    const onChange = vi.fn();
    renderizar(<ImagemProdutoInput field={campo} value={UUID} onChange={onChange} caminho="imagem" />);
    const img = screen.getByRole('img', { name: 'Imagem do produto' });
    expect(img.getAttribute('src')).toBe(`/arquivo/view?uuid=${UUID}&tamanho=media`);
    fireEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('sends a picture as a produto-imagem upload and keeps its uuid; a PDF is refused before sending', async () => {
    const enviar = vi.spyOn(envio, 'enviarComProgresso').mockResolvedValue({ id: UUID });
    URL.createObjectURL = vi.fn(() => 'blob:previa');
    URL.revokeObjectURL = vi.fn();
    const onChange = vi.fn();
    renderizar(<ImagemProdutoInput field={campo} value={null} onChange={onChange} caminho="imagem" />);
    expect(screen.getByText('Sem imagem.')).toBeTruthy();
    const area = screen.getByRole('button', { name: /^Enviar imagem \(PNG, JPEG ou WebP\)/ });
    fireEvent.drop(area, { dataTransfer: { files: [new File(['%PDF'], 'nota.pdf')] } });
    expect(enviar).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.drop(area, { dataTransfer: { files: [new File([new Uint8Array(10)], 'foto.png')] } });
    });
    expect(enviar.mock.calls[0]?.[0]).toBe('/api/v1/arquivos?tipo=produto-imagem');
    expect(onChange).toHaveBeenCalledWith(UUID);
  });
});
