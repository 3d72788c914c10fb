/** Realtime events of the frente de loja: the device list of a store changed (its users' screen refreshes). */
import { z } from 'zod';
import { defineEvent } from '../tempo-real/definir';
import { STATUS_DISPOSITIVO } from './dispositivos.contrato';

export const EVENTO_DISPOSITIVOS_ALTERADOS = defineEvent({
  nome: 'frente-de-loja.dispositivos-alterados',
  area: 'frente-de-loja',
  publico: 'loja',
  payload: z.object({
    lojaId: z.number().int(),
    dispositivoId: z.number().int(),
    status: z.enum(STATUS_DISPOSITIVO),
    /** true when the device was just registered (the screen highlights it: dispositivoAtual) */
    novo: z.boolean(),
  }),
  descricao: 'Um dispositivo da loja foi cadastrado, bloqueado, desbloqueado ou revogado.',
});

export const EVENTOS_FRENTE_DE_LOJA = [EVENTO_DISPOSITIVOS_ALTERADOS] as const;
