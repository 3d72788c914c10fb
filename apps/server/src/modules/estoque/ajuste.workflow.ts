/**
 * POST /api/v1/estoque/ajustes (api-compat.md, C1 C3): a stock adjustment, one movement per item in one
 * transaction, idempotent by the Idempotency-Key header; 201 + Location /api/v1/estoque/ajustes/{id}.
 */
import { comandoAjusteEstoque } from '@retaguarda/domain';
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

export const incluirAjusteEstoque = defineWorkflow(comandoAjusteEstoque, {
  lock: (e) => chaveSaldos(e.lojaId),
  estadoInicial: estadoAjuste,
  passos: [validarCabecalho, validarPeriodo, validarItens, gravarAjuste, lancarItens],
  resposta: (ctx) => ctx.estado.ajuste!,
});
