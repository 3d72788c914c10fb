/** Test harness of the register screens: data router, query client, Mantine and a fake API. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { useSessao } from '../servicos/sessao/store';
import { ComContextoCadastros } from '../app/shell/ContextoCadastros';
import { temaMantine } from '../servicos/tema';

// the machine is shared: the first Mantine render can take seconds
configure({ asyncUtilTimeout: 5000 });

// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

export interface Chamada {
  url: string;
  method: string;
  body: unknown;
}

type Resposta = { status?: number; body: unknown };

/** fetch answered by `responder`; every call is recorded. */
export function apiFalsa(responder: (c: Chamada) => Resposta) {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c = {
        url: String(url),
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      chamadas.push(c);
      const r = responder(c);
      return new Response(JSON.stringify(r.body), {
        status: r.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return chamadas;
}

export function comUsuario(permissoes: string[]) {
  useSessao.setState({
    usuario: {
      id: 1,
      nome: 'Teste',
      administrador: false,
      tipoCliente: 'TODOS',
      permissoes,
      lojasUsuario: [{ id: 1, fantasia: 'Centro', ativo: true, principal: true }],
    },
  });
}

export function renderizarRota(path: string, elemento: ReactElement, inicial: string) {
  const router = createMemoryRouter(
    [
      { path, element: elemento },
      { path: '*', element: <div>fora</div> },
    ],
    { initialEntries: [inicial] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const r = render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>
        <ComContextoCadastros>
          <RouterProvider router={router} />
        </ComContextoCadastros>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...r, router };
}
