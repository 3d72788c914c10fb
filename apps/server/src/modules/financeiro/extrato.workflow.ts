/** The statement import (preview unless confirmed) and the deletion of an import (domain §2.3). */
import { comandoExcluirExtrato, comandoImportarExtrato } from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import { estadoImportacao, excluirExtrato, importar, lerArquivo, lerContas } from './extrato.passos';

export const importarExtrato = defineWorkflow(comandoImportarExtrato, {
  estadoInicial: estadoImportacao,
  passos: [lerArquivo, lerContas, importar],
  resposta: (ctx) => ({ extratos: ctx.estado.extratos }),
});

export const excluirImportacao = defineWorkflow(comandoExcluirExtrato, {
  estadoInicial: () => ({}),
  passos: [excluirExtrato],
  resposta: (ctx) => ({ id: ctx.entrada.id }),
});
