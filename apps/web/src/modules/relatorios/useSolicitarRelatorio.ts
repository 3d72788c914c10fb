/** Asks for a report: it joins the files in processing and the user is told where it will arrive. */
import { useState } from 'react';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { useArquivosEmProcessamento } from '../../servicos/processamento/arquivos.store';
import type { Relatorio } from './relatorios.api';

export function useSolicitarRelatorio(entidade: string) {
  const adicionar = useArquivosEmProcessamento((s) => s.adicionar);
  const [enviando, setEnviando] = useState(false);
  const solicitar = async (pedir: () => Promise<Relatorio>) => {
    setEnviando(true);
    try {
      const r = await pedir();
      adicionar({ id: r.id, tipo: r.tipo, titulo: r.titulo });
      toast({
        type: 'info',
        title: 'Relatório solicitado',
        message: `${r.titulo}: você será avisado pelo sino de notificações quando o arquivo estiver pronto.`,
      });
    } catch (e) {
      toast(toastDeErro(e, { entidade }));
    } finally {
      setEnviando(false);
    }
  };
  return { enviando, solicitar };
}
