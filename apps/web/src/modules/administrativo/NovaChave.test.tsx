import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../servicos/tema';
import { apiFalsa, comUsuario } from '../../test/cadastros';
import { NovaChave } from './NovaChave';

function abrir() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>
        <NovaChave aberta aoFechar={() => {}} aoCriar={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('new integration key form (react-hook-form + the domain schema)', () => {
  it('checks name and permissions, then shows the server field error from erros under its field', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    const chamadas = apiFalsa((c) =>
      c.method === 'POST'
        ? {
            status: 409,
            body: {
              message: 'Já existe uma chave de integração ativa com este nome.',
              reasons: ['nome: já está em uso.'],
              erros: [{ campo: 'nome', mensagem: 'já está em uso.' }],
            },
          }
        : { body: { total: 0, items: [] } },
    );
    abrir();
    fireEvent.click(await screen.findByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Informe o nome da chave.')).toBeTruthy();
    expect(screen.getByText('Selecione ao menos uma permissão.')).toBeTruthy();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /^Nome/ }), { target: { value: 'E-commerce' } });
    expect(screen.queryByText('Informe o nome da chave.')).toBeNull();
    fireEvent.click(screen.getByLabelText('Selecionar a linha Marcas'));
    fireEvent.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Já está em uso.')).toBeTruthy();
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      nome: 'E-commerce',
      permissoes: ['PERM_MARCA_ACESSO'],
      lojas: null,
    });
  });
});
