/** The reconciliation rules' commands: create / edit (each answers its 90-day preview), delete, apply on demand. */
import {
  comandoAlterarRegra,
  comandoAplicarRegras,
  comandoExcluirRegra,
  comandoIncluirRegra,
} from '@retaguarda/domain';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
import {
  alterarRegra,
  aplicarRegrasDaConta,
  type EstadoRegra,
  estadoRegra,
  excluirRegra,
  incluirRegra,
  preverRegra,
  validarRegra,
} from './regra-conciliacao.passos';

const comPrevia = (ctx: ContextoDoComando<unknown, EstadoRegra>) => ({
  ...ctx.estado.regra!,
  previa: ctx.estado.previa!,
});

export const incluirRegraConciliacao = defineWorkflow(comandoIncluirRegra, {
  estadoInicial: estadoRegra,
  passos: [validarRegra, incluirRegra, preverRegra],
  resposta: comPrevia,
});

export const alterarRegraConciliacao = defineWorkflow(comandoAlterarRegra, {
  estadoInicial: estadoRegra,
  passos: [validarRegra, alterarRegra, preverRegra],
  resposta: comPrevia,
});

export const excluirRegraConciliacao = defineWorkflow(comandoExcluirRegra, {
  estadoInicial: estadoRegra,
  passos: [excluirRegra],
  resposta: (ctx) => ({ id: ctx.entrada.id }),
});

export const aplicarRegrasConciliacao = defineWorkflow(comandoAplicarRegras, {
  estadoInicial: estadoRegra,
  passos: [aplicarRegrasDaConta],
  resposta: (ctx) => ({
    efeitos: ctx.estado.efeitos,
    lancamentosCriados: ctx.estado.lancamentosCriados,
    conciliacoes: ctx.estado.efeitos.length,
  }),
});
