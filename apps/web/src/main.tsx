import '@mantine/core/styles.css';
import '@mantine/spotlight/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/routing/router';
import { temaMantine, useAssinante } from './servicos/tema';

function App() {
  const tema = useAssinante((s) => s.tema);
  return (
    <MantineProvider theme={temaMantine(tema)} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

// the platform client (realtime, counters, learning, update flow) and error reporting load beside
// the first screen, not inside the login route's JS; both are ready long before anyone signs in
void import('./modules/plataforma/instalar').then((m) => m.instalarPlataforma());
void import('./lib/error-reporting').then((m) => m.scheduleErrorReporting());

const raiz = document.getElementById('root');
if (raiz) {
  createRoot(raiz).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
