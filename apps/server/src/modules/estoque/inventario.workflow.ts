/**
 * Inventory commands (issue "Inventory counting"): create (POST /api/v1/estoque/inventarios → 201 + Location),
 * start the count, a count line (POST …/{id}/itens, and …/itens/lote for the SDK), close the count, recount,
 * finalize and cancel. Each one transaction, idempotent by the Idempotency-Key header; member commands act on
 * the inventory's store (read `for update` by the backbone: one count line at a time per inventory).
 */
import {
  comandoCancelarInventario,
  comandoContagemInventario,
  comandoEncerrarContagemInventario,
  comandoFinalizarInventario,
  comandoIniciarContagemInventario,
  comandoImportarContagemInventario,
  comandoInventario,
  comandoRecontagemInventario,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import { exigirInventarioHabilitado } from './inventario-habilitado.passo';
import {
  calcularDiferencas,
  encerrarInventario,
  estadoFinalizacao,
  lancarDiferencas,
  validarFinalizacao,
} from './inventario-finalizacao.passos';
import { estadoImportacao, importarArquivo } from './inventario-importacao.passos';
import {
  abrirRecontagem,
  cancelarInventario,
  congelarEsperado,
  encerrarContagem,
  estadoInventario,
  gravarInventario,
  registrarContagem,
  validarEscopoEReferencia,
  validarLocal,
} from './inventario.passos';

export const incluirInventario = defineWorkflow(comandoInventario, {
  // one open inventory per location: two creations of the same location wait for each other
  lock: (e) => `estoque.inventario-local:${e.localId}`,
  estadoInicial: estadoInventario,
  passos: [exigirInventarioHabilitado, validarLocal, validarEscopoEReferencia, gravarInventario],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const iniciarContagemInventario = defineWorkflow(comandoIniciarContagemInventario, {
  estadoInicial: estadoInventario,
  passos: [exigirInventarioHabilitado, congelarEsperado],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const contarItemInventario = defineWorkflow(comandoContagemInventario, {
  estadoInicial: estadoInventario,
  passos: [exigirInventarioHabilitado, registrarContagem],
  resposta: (ctx) => ({ inventarioId: ctx.entrada.id, ...ctx.estado.contagem! }),
});

export const importarContagemInventario = defineWorkflow(comandoImportarContagemInventario, {
  estadoInicial: estadoImportacao,
  passos: [exigirInventarioHabilitado, importarArquivo],
  resposta: (ctx) => ctx.estado.importacao!,
});

export const encerrarContagemInventario = defineWorkflow(comandoEncerrarContagemInventario, {
  estadoInicial: estadoInventario,
  passos: [exigirInventarioHabilitado, encerrarContagem],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const recontarInventario = defineWorkflow(comandoRecontagemInventario, {
  estadoInicial: estadoInventario,
  passos: [exigirInventarioHabilitado, abrirRecontagem],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const finalizarInventario = defineWorkflow(comandoFinalizarInventario, {
  estadoInicial: estadoFinalizacao,
  passos: [exigirInventarioHabilitado, validarFinalizacao, calcularDiferencas, lancarDiferencas, encerrarInventario],
  resposta: (ctx) => {
    const r = ctx.estado.resposta!;
    return { ...r, resumo: r.resumo! };
  },
});

export const cancelarInventarioWf = defineWorkflow(comandoCancelarInventario, {
  estadoInicial: estadoInventario,
  passos: [exigirInventarioHabilitado, cancelarInventario],
  resposta: (ctx) => ctx.estado.resposta!,
});

export const WORKFLOWS_INVENTARIO = [
  incluirInventario,
  iniciarContagemInventario,
  contarItemInventario,
  importarContagemInventario,
  encerrarContagemInventario,
  recontarInventario,
  finalizarInventario,
  cancelarInventarioWf,
] as const;
