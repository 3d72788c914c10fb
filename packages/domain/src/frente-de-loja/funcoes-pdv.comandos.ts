/** Funções PDV commands: save a store's matrix (a new version) and copy one store's matrix to others. */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { perm } from '../permissions';
import { itemFuncaoPdv, MSG_FUNCOES_PDV, matrizFuncoesPdv } from './funcoes-pdv';

const lojaId = z.number().int().positive().max(2_147_483_647);

export const entradaSalvarFuncoesPdv = z.object({
  lojaId,
  /** the version the user edited (0: the catalogue's defaults); another save in between → 409 */
  versao: z.number().int().min(0),
  itens: z.array(itemFuncaoPdv).min(1).max(500),
});

export const comandoSalvarFuncoesPdv = defineCommand({
  nome: 'frente-de-loja.funcoes-pdv.salvar',
  metodo: 'PUT',
  caminho: '/api/v1/pdv/lojas/{lojaId}/funcoes',
  resumo: 'Grava a matriz de funções PDV da loja (nova versão, pendente até cada PDV confirmar)',
  entidade: MSG_FUNCOES_PDV.entidade,
  entrada: entradaSalvarFuncoesPdv,
  saida: matrizFuncoesPdv,
  acesso: { permissao: perm('FUNCOES_PDV', 'EDITAR') },
  loja: { campo: 'lojaId' },
  raizXml: 'FuncoesPdv',
});

export const entradaCopiarFuncoesPdv = z.object({
  lojaId,
  lojasDestino: z.array(lojaId).min(1).max(500),
});

export const comandoCopiarFuncoesPdv = defineCommand({
  nome: 'frente-de-loja.funcoes-pdv.copiar',
  caminho: '/api/v1/pdv/lojas/{lojaId}/funcoes/copia',
  resumo: 'Copia a matriz de funções PDV da loja para outras lojas (nova versão em cada uma)',
  entidade: MSG_FUNCOES_PDV.entidade,
  entrada: entradaCopiarFuncoesPdv,
  saida: z.object({ lojas: z.array(z.object({ lojaId: z.number(), versao: z.number() })) }),
  acesso: { permissao: perm('FUNCOES_PDV', 'EDITAR') },
  loja: { campo: 'lojaId' },
  raizXml: 'CopiaFuncoesPdv',
});
