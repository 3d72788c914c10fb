/**
 * The server-data cache of the signed-in screens (provided by the Shell, so the login route ships
 * without it). Cleared on logout: the next user never sees the previous one's data.
 */
import { QueryClient } from '@tanstack/react-query';
import { quandoSair } from '../servicos/sessao/eventos';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

quandoSair(() => queryClient.clear());
