/** The public face of the tenant's session settings (administrators: PUT /api/v1/administracao/configuracao-sessao). */
import { defineCommand } from '../comandos/definir';
import { configuracaoSessao, configuracaoSessaoEntrada } from './sessoes.contrato';

export const comandoConfiguracaoSessao = defineCommand({
  nome: 'administrativo.configuracao-sessao.alterar',
  metodo: 'PUT',
  caminho: '/api/v1/administracao/configuracao-sessao',
  resumo: 'Altera a configuração de sessões',
  entidade: 'configuração de sessões',
  entrada: configuracaoSessaoEntrada,
  saida: configuracaoSessao,
  acesso: { administrador: true },
  raizXml: 'ConfiguracaoSessao',
});
