/**
 * Runs one NFC-e action (a command answering with the job that talks to SEFAZ) and follows its job: a toast
 * when it starts, another with SEFAZ's answer when it ends, then the caller's `aoConcluir` (re-read the grid
 * or the note). The header's task list shows it too, as any job.
 */
import type { QualquerFace, Tarefa } from '@retaguarda/domain';
import { useState } from 'react';
import { useComando } from '../../../../lib/comando/useComando';
import { toastDeErro } from '../../../../lib/erros';
import { toast } from '../../../../lib/toasts';
import { useAndamentoDaTarefa } from '../../../../lib/tarefas/useAndamentoDaTarefa';

interface ResultadoSefaz {
  status?: string;
  cStat?: number;
  xMotivo?: string;
  total?: number;
  autorizadas?: number;
  rejeitadas?: number;
  falhas?: number;
}

/** What the job's end says to the user. */
export function mensagemDoFim(t: Pick<Tarefa, 'status' | 'resultado' | 'erro'>): { ok: boolean; texto: string } {
  if (t.status !== 'CONCLUIDO')
    return { ok: false, texto: t.erro ?? 'A SEFAZ não respondeu; a tentativa foi registrada.' };
  const r = (t.resultado ?? {}) as ResultadoSefaz;
  if (r.total !== undefined)
    return {
      ok: (r.falhas ?? 0) === 0,
      texto: `${r.autorizadas ?? 0} autorizada(s), ${r.rejeitadas ?? 0} rejeitada(s), ${r.falhas ?? 0} falha(s) de ${r.total}.`,
    };
  const codigo = r.cStat ? `${r.cStat} - ${r.xMotivo ?? ''}` : (r.xMotivo ?? '');
  return { ok: true, texto: r.status ? `${codigo} (status: ${r.status})` : codigo };
}

export function useAcaoNfce<F extends QualquerFace>(face: F, titulo: string, aoConcluir?: (t: Tarefa) => void) {
  const comando = useComando(face);
  const [tarefaId, setTarefaId] = useState<string | null>(null);
  const tarefa = useAndamentoDaTarefa(tarefaId, {
    aoEncerrar: (t) => {
      const m = mensagemDoFim(t);
      toast({ type: m.ok ? 'success' : 'error', title: titulo, message: m.texto });
      setTarefaId(null);
      aoConcluir?.(t);
    },
  });
  const executar = async (entrada: Parameters<typeof comando.executar>[0]): Promise<boolean> => {
    try {
      const r = (await comando.executar(entrada)) as { tarefaId: string; message: string };
      toast({ type: 'info', title: titulo, message: r.message });
      setTarefaId(r.tarefaId);
      return true;
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'documentos eletrônicos (NFC-e)' }));
      return false;
    }
  };
  const emAndamento = comando.enviando || tarefaId !== null;
  return { executar, emAndamento, tarefa };
}
