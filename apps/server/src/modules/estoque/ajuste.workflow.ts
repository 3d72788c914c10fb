/**
 * POST /api/v1/estoque/ajustes (api-compat.md, C1 C3): a stock adjustment, one movement per item in one
 * transaction, idempotent by the Idempotency-Key header; 201 + Location /api/v1/estoque/ajustes/{id}.
 */
import { ajusteEstoque, entradaAjusteEstoque, MSG_AJUSTE, perm } from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  estadoAjuste,
  gravarAjuste,
  lancarItens,
  validarCabecalho,
  validarItens,
  validarPeriodo,
} from './ajuste.passos';
import { chaveSaldos } from './lancamento';

export const incluirAjusteEstoque = defineWorkflow({
  nome: 'estoque.ajuste',
  area: 'estoque',
  recurso: 'ajustes',
  resumo: 'Inclui um ajuste de estoque (um movimento por item)',
  entidade: MSG_AJUSTE.entidade,
  entrada: entradaAjusteEstoque,
  saida: ajusteEstoque,
  acesso: { permissao: perm('AJUSTE_ESTOQUE', 'INCLUIR') },
  loja: (e) => e.lojaId,
  lock: (e) => chaveSaldos(e.lojaId),
  estadoInicial: estadoAjuste,
  passos: [validarCabecalho, validarPeriodo, validarItens, gravarAjuste, lancarItens],
  resposta: (ctx) => ctx.estado.ajuste!,
  criaRecurso: (a) => a.id,
});
