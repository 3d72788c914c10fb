/** Job kinds of the chunked-command tests (this process and the child instance it kills). */
import { incluirAjusteEstoque } from '../../src/modules/estoque/ajuste.workflow';
import { defineCommandJob } from '../../src/workflows/em-partes';

/** the stock adjustment command over the job's inputs, one adjustment per chunk */
export const tarefaAjustesEmPartes = defineCommandJob<{ entradas: unknown[] }, { ajustes: number[] }>({
  tipo: 'teste-ajustes-em-partes',
  fila: 'geral',
  comando: incluirAjusteEstoque,
  entradas: ({ dados }) => dados.entradas,
  fase: (rs) => `${rs.length} ajustes`,
  resultado: (rs) => ({ ajustes: rs.map((r) => (r as { id: number }).id) }),
});
