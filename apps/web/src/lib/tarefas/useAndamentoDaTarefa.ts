/**
 * A screen following a job: the job as it goes (progress, final status), undefined until it is known;
 * `aoEncerrar` runs once when it ends (re-read what the job changed). No id: nothing is followed.
 */
import type { Tarefa } from '@retaguarda/domain';
import { useEffect, useRef, useState } from 'react';
import { acompanharTarefa, tarefaEncerrada } from './tarefa';

export function useAndamentoDaTarefa(
  id: string | null | undefined,
  opcoes: { aoEncerrar?: (t: Tarefa) => void } = {},
): Tarefa | undefined {
  const [tarefa, setTarefa] = useState<Tarefa>();
  const aoEncerrar = useRef(opcoes.aoEncerrar);
  aoEncerrar.current = opcoes.aoEncerrar;
  useEffect(() => {
    setTarefa(undefined);
    if (!id) return;
    return acompanharTarefa(id, {
      aoMudar: (t) => {
        setTarefa(t);
        if (tarefaEncerrada(t)) aoEncerrar.current?.(t);
      },
    });
  }, [id]);
  return tarefa?.id === id ? tarefa : undefined;
}
