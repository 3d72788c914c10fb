/** The purchase-invoice commands (faces in packages/domain compras/nota-fiscal): typed, from the XML, confirm. */
import { comandoConfirmarNotaCompra, comandoNotaFiscalCompra, comandoNotaFiscalCompraXml } from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  confirmarNota,
  conferirDestinatario,
  estadoNota,
  gravarNota,
  guardarXml,
  lerXml,
  montarDigitada,
  montarDoXml,
  recusarRepetida,
  validarFornecedorDigitado,
  validarLocal,
} from './nota.passos';

export const incluirNotaCompra = defineWorkflow(comandoNotaFiscalCompra, {
  estadoInicial: estadoNota,
  passos: [validarFornecedorDigitado, validarLocal, montarDigitada, recusarRepetida, gravarNota],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const incluirNotaCompraXml = defineWorkflow(comandoNotaFiscalCompraXml, {
  estadoInicial: estadoNota,
  passos: [lerXml, conferirDestinatario, validarLocal, montarDoXml, recusarRepetida, gravarNota, guardarXml],
  resposta: (ctx) => ctx.estado.resultado!,
});

export const confirmarNotaCompra = defineWorkflow(comandoConfirmarNotaCompra, {
  estadoInicial: estadoNota,
  passos: [confirmarNota],
  resposta: (ctx) => ctx.estado.resultado!,
});
