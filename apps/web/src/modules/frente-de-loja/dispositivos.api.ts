/** Calls of the device registration screen, typed by the domain's contracts. */
import type { ListaDispositivos } from '@retaguarda/domain';
import { api } from '../../lib/api';

export const listarDispositivos = (lojaId: number) =>
  api<ListaDispositivos>(`/api/v1/dispositivos?lojaId=${encodeURIComponent(String(lojaId))}`);
