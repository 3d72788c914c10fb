/** The public face of the stock adjustment command (issue #24.1); steps in apps/server modules/estoque. */
import { definirComando } from '../../comandos/definir';
import { perm } from '../../permissions';
import { ajusteEstoque, entradaAjusteEstoque } from './contrato';
import { MSG_AJUSTE } from './mensagens';

export const comandoAjusteEstoque = definirComando({
  nome: 'estoque.ajuste',
  caminho: '/api/v1/estoque/ajustes',
  resumo: 'Inclui um ajuste de estoque (um movimento por item)',
  entidade: MSG_AJUSTE.entidade,
  entrada: entradaAjusteEstoque,
  saida: ajusteEstoque,
  acesso: { permissao: perm('AJUSTE_ESTOQUE', 'INCLUIR') },
  loja: { campo: 'lojaId' },
  criaRecurso: (a) => a.id,
});
