/** The public face of the stock adjustment command (issue #24.1); steps in apps/server modules/estoque. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { avisosDoDocumento } from '../avisos';
import { ajusteEstoque, entradaAjusteEstoque } from './contrato';
import { MSG_AJUSTE } from './mensagens';

export const comandoAjusteEstoque = defineCommand({
  nome: 'estoque.ajuste',
  caminho: '/api/v1/estoque/ajustes',
  resumo: 'Inclui um ajuste de estoque (um movimento por item)',
  entidade: MSG_AJUSTE.entidade,
  entrada: entradaAjusteEstoque,
  // the balances it leaves below zero where the store allows it (#27.5): the preview warns with them
  saida: ajusteEstoque.extend({ avisos: avisosDoDocumento }),
  acesso: { permissao: perm('AJUSTE_ESTOQUE', 'INCLUIR') },
  loja: { campo: 'lojaId' },
  criaRecurso: (a) => a.id,
});
