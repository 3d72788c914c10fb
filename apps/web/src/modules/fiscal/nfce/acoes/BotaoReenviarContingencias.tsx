/**
 * Reenviar contingências da loja: every contingency note of the store, consulted then resent, as one job
 * whose progress shows here (and in the header's tasks).
 */
import { Button } from '@mantine/core';
import { comandoReenviarContingenciasNfce, type Tarefa } from '@retaguarda/domain';
import { IconRefresh } from '@tabler/icons-react';
import { usePodeEditarNfce } from './BotoesNfce';
import { useAcaoNfce } from './useAcaoNfce';

export function BotaoReenviarContingencias(p: {
  lojaId: number;
  aoConcluir?: (t: Tarefa) => void;
  compacto?: boolean;
}) {
  const a = useAcaoNfce(comandoReenviarContingenciasNfce, 'Reenvio das contingências', p.aoConcluir);
  if (!usePodeEditarNfce()) return null;
  const prog = a.tarefa?.progresso;
  const rotulo = prog && prog.total > 0 ? `Reenviando ${prog.feito}/${prog.total}` : 'Reenviar contingências da loja';
  return (
    <Button
      size={p.compacto ? 'xs' : 'sm'}
      variant="default"
      leftSection={<IconRefresh size={16} />}
      loading={a.emAndamento && !prog?.total}
      disabled={a.emAndamento}
      onClick={() => void a.executar({ lojaId: p.lojaId })}
      data-cy="nfce-reenviar-contingencias"
    >
      {rotulo}
    </Button>
  );
}
