/** Realtime events of the settings kit: a value changed (clients read the area again; values stay behind permissions). */
import { z } from 'zod';
import { defineEvent } from '../tempo-real/definir';

const alteracao = z.object({ chave: z.string(), lojaId: z.number().int().nullable(), versao: z.number().int() });

export const EVENTO_CONFIGURACAO_ALTERADA = defineEvent({
  nome: 'configuracoes.alterada',
  area: 'configuracoes',
  publico: 'assinante',
  payload: alteracao,
  descricao: 'Um parâmetro da empresa mudou.',
});

export const EVENTO_CONFIGURACAO_DA_LOJA_ALTERADA = defineEvent({
  nome: 'configuracoes.loja-alterada',
  area: 'configuracoes',
  publico: 'loja',
  payload: alteracao,
  descricao: 'Um parâmetro de uma loja mudou (chega aos usuários dessa loja).',
});

export const EVENTOS_CONFIGURACOES = [EVENTO_CONFIGURACAO_ALTERADA, EVENTO_CONFIGURACAO_DA_LOJA_ALTERADA] as const;
