/**
 * The public faces of a parameter's value (issue #25.6): the tenant's (`PUT /api/v1/configuracoes/{chave}`)
 * and a store's (`PUT …/{chave}/lojas/{lojaId}`: the store loaded and scope-checked by the backbone). Who may
 * change a parameter is its own declaration's (`permissao.alterar`), so the face lets any signed-in user in
 * and the server's step answers 403 by the declaration; the value is checked by the declaration too (422).
 */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { entradaDeParametro, parametroConfigurado } from './contrato';
import { MSG_CONFIGURACOES } from './mensagens';

const chave = z.string().min(1).max(80);

export const entradaValorDaEmpresa = entradaDeParametro.extend({ chave });
export const entradaValorDaLoja = entradaDeParametro.extend({
  chave,
  lojaId: z.number().int().positive().max(2_147_483_647),
});

export const comandoValorDaEmpresa = defineCommand({
  nome: 'configuracoes.valor.empresa',
  metodo: 'PUT',
  caminho: '/api/v1/configuracoes/{chave}',
  resumo: 'Define o valor de um parâmetro para a empresa (valor null volta ao padrão)',
  entidade: MSG_CONFIGURACOES.entidade,
  entrada: entradaValorDaEmpresa,
  saida: parametroConfigurado,
  acesso: { permissao: [] },
  raizXml: 'Parametro',
});

export const comandoValorDaLoja = defineCommand({
  nome: 'configuracoes.valor.loja',
  metodo: 'PUT',
  caminho: '/api/v1/configuracoes/{chave}/lojas/{lojaId}',
  resumo: 'Define o valor de um parâmetro para uma loja (valor null volta ao valor da empresa)',
  entidade: MSG_CONFIGURACOES.entidade,
  entrada: entradaValorDaLoja,
  saida: parametroConfigurado,
  acesso: { permissao: [] },
  loja: { campo: 'lojaId' },
  raizXml: 'Parametro',
});
