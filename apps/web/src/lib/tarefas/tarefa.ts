/**
 * A background job ("tarefa", domain plataforma/tarefas.contrato) followed through lib/tarefas/andamento: its
 * realtime 'tarefa' events (sent to the user who asked for it), GET /api/v1/tarefas/{id} while the socket is down.
 */
import { TAREFA_ABERTA, type Tarefa } from '@retaguarda/domain';
import { api } from '../api';
import { ouvirRealtime } from '../realtime';
import { acompanharAndamento, type OpcoesDoAndamento } from './andamento';

export const EVENTO_TAREFA = 'tarefa';

export const lerTarefa = (id: string) => api<Tarefa>(`/api/v1/tarefas/${encodeURIComponent(id)}`);

export const tarefaEncerrada = (t: Pick<Tarefa, 'status'>) => !TAREFA_ABERTA.includes(t.status);

/** Listens to every job's realtime change (the header's list learns of new jobs this way). */
export const ouvirTarefas = (fn: (t: Tarefa) => void) => ouvirRealtime<Tarefa>(EVENTO_TAREFA, fn);

/** Follows one job until it ends; returns the function that stops it. */
export function acompanharTarefa(
  id: string,
  o: Pick<OpcoesDoAndamento<Tarefa>, 'aoMudar' | 'aoFalhar' | 'lerAoIniciar' | 'conexao' | 'intervaloMs'>,
): () => void {
  return acompanharAndamento<Tarefa>({
    ...o,
    ler: () => lerTarefa(id),
    ouvir: (aplicar) => ouvirTarefas((t) => t.id === id && aplicar(t)),
    encerrado: tarefaEncerrada,
  });
}
