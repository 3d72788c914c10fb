/** The commercial-agreement commands (faces in packages/domain compras/acordo); one at a time per agreement. */
import {
  comandoAcordo,
  comandoAlterarAcordo,
  comandoAprovarAcordo,
  comandoApurarAcordo,
  comandoCancelarAcordo,
  comandoReceberAcordo,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  alterarAcordo,
  aprovarAcordo,
  apurar,
  cancelarAcordo,
  criarAcordo,
  estadoAcordo,
  receber,
} from './acordo.passos';

const trava = (e: { id: number }) => `compra.acordo:${e.id}`;

export const incluirAcordo = defineWorkflow(comandoAcordo, {
  estadoInicial: estadoAcordo,
  passos: [criarAcordo],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const editarAcordo = defineWorkflow(comandoAlterarAcordo, {
  lock: trava,
  estadoInicial: estadoAcordo,
  passos: [alterarAcordo],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const aprovarAcordoComercial = defineWorkflow(comandoAprovarAcordo, {
  lock: trava,
  estadoInicial: estadoAcordo,
  passos: [aprovarAcordo],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const apurarAcordoComercial = defineWorkflow(comandoApurarAcordo, {
  lock: trava,
  estadoInicial: estadoAcordo,
  passos: [apurar],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const receberAcordo = defineWorkflow(comandoReceberAcordo, {
  lock: trava,
  estadoInicial: estadoAcordo,
  passos: [receber],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const cancelarAcordoComercial = defineWorkflow(comandoCancelarAcordo, {
  lock: trava,
  estadoInicial: estadoAcordo,
  passos: [cancelarAcordo],
  resposta: (ctx) => ctx.estado.resultado!,
});
