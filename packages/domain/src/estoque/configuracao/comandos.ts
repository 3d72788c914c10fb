/** The public face of the per-store stock parameters command (administrators). */
import { defineCommand } from '../../comandos/definir';
import { configuracaoEstoque, entradaConfiguracaoEstoque } from './contrato';
import { MSG_CONFIGURACAO_ESTOQUE } from './mensagens';

export const comandoConfiguracaoEstoque = defineCommand({
  nome: 'estoque.configuracao',
  caminho: '/api/v1/estoque/lojas/{id}/configuracao',
  campoDoId: 'lojaId',
  resumo: 'Define se a loja aceita saldo negativo de estoque (somente administradores)',
  entidade: MSG_CONFIGURACAO_ESTOQUE.entidade,
  entrada: entradaConfiguracaoEstoque,
  saida: configuracaoEstoque,
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
});
