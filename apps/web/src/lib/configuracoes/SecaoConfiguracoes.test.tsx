/** The settings section: renders an area's declarations, saves with the version read, shows a 422 on its field. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import { SecaoConfiguracoes } from './SecaoConfiguracoes';

const janela = {
  chave: 'financeiro.conciliacaoJanelaDias',
  area: 'financeiro',
  escopo: 'assinante',
  tipo: 'inteiro',
  rotulo: 'Janela de datas da conciliação automática (dias)',
  ajuda: 'A conciliação sugere pares.',
  padrao: 3,
  limites: { min: 0, max: 31 },
  valor: 3,
  origem: 'padrao',
  versao: 0,
  podeAlterar: true,
};

const resposta = (status: number, corpo: unknown) =>
  new Response(JSON.stringify(corpo), { status, headers: { 'content-type': 'application/json' } });

function montar(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderizar(
    <QueryClientProvider client={qc}>
      <SecaoConfiguracoes area="financeiro" titulo="Conciliação" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SecaoConfiguracoes', () => {
  it('mostra o parâmetro com a origem e salva com a versão lida', async () => {
    let atual = janela;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') atual = { ...janela, valor: 5, origem: 'assinante', versao: 1 };
      return init?.method === 'PUT'
        ? resposta(200, atual)
        : resposta(200, { area: 'financeiro', lojaId: null, items: [atual] });
    });
    montar(fetch);
    const campo = await screen.findByLabelText('Janela de datas da conciliação automática (dias)');
    expect(screen.getByText('Padrão')).toBeTruthy();
    fireEvent.change(campo, { target: { value: '5' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByText('Valor da empresa')).toBeTruthy());
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/v1/configuracoes/financeiro.conciliacaoJanelaDias');
    expect(JSON.parse(String(put[1]?.body))).toEqual({ valor: 5, versao: 0 });
  });

  it('a recusa do servidor aparece no campo', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? resposta(422, {
            message: 'Dados inválidos.',
            reasons: ['Valor: Informe um número inteiro entre 0 e 31.'],
            erros: [{ campo: 'valor', mensagem: 'Informe um número inteiro entre 0 e 31.' }],
          })
        : resposta(200, { area: 'financeiro', lojaId: null, items: [janela] }),
    );
    montar(fetch);
    const campo = await screen.findByLabelText('Janela de datas da conciliação automática (dias)');
    fireEvent.change(campo, { target: { value: '30' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um número inteiro entre 0 e 31.')).toBeTruthy();
  });
});
