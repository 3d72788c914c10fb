import '@mantine/core/styles.css';
import '@mantine/spotlight/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/routing/router';
import { temaMantine, useAssinante } from './app/tema';
import { agendarRelatorioErros } from './lib/relatorio-erros';
import { instalarPlataforma } from './modules/plataforma/instalar';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

function App() {
  const tema = useAssinante((s) => s.tema);
  return (
    <MantineProvider theme={temaMantine(tema)} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

instalarPlataforma();
agendarRelatorioErros();

const raiz = document.getElementById('root');
if (raiz) {
  createRoot(raiz).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
