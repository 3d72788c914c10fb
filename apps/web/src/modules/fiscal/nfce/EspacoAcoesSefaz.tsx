/**
 * Where the SEFAZ actions (Consultar, Reenviar, Cancelar, Inutilizar faixa, reenvio da contingência) are
 * mounted. The slot knows what the screen shows (one note, or the monitor's filter), so each action finds
 * its input; `data-acoes-sefaz` marks the place in the DOM (journeys find the buttons there). The actions
 * show only what the note's status admits and only to holders of the EDITAR permission (./acoes).
 */
import { Group } from '@mantine/core';
import type { DetalheNfce, FaixaNfce, FiltroNotasInvalidas } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import { AcoesNfce, BotaoInutilizarFaixa, BotaoReenviarContingencias } from './acoes';

export type ContextoAcoesSefaz =
  | { tela: 'monitor'; filtro: FiltroNotasInvalidas; faixa: FaixaNfce | null; aoConcluir: () => void }
  | { tela: 'cupom'; detalhe: DetalheNfce; aoConcluir: () => void };

export function EspacoAcoesSefaz({ contexto, children }: { contexto: ContextoAcoesSefaz; children?: ReactNode }) {
  return (
    <Group gap="xs" data-acoes-sefaz={contexto.tela} aria-label="Ações SEFAZ">
      {contexto.tela === 'cupom' ? (
        <AcoesNfce documento={contexto.detalhe.documento} aoConcluir={contexto.aoConcluir} />
      ) : (
        <AcoesDoMonitor filtro={contexto.filtro} aoConcluir={contexto.aoConcluir} />
      )}
      {children}
    </Group>
  );
}

/** Store-wide actions need one store: with several chosen, the user picks one in the filter first. */
function AcoesDoMonitor({ filtro, aoConcluir }: { filtro: FiltroNotasInvalidas; aoConcluir: () => void }) {
  const lojas = filtro.lojas ?? [];
  if (lojas.length !== 1) return null;
  const lojaId = lojas[0]!;
  return (
    <>
      <BotaoReenviarContingencias lojaId={lojaId} aoConcluir={aoConcluir} />
      <BotaoInutilizarFaixa faixa={{ lojaId }} aoConcluir={aoConcluir} />
    </>
  );
}
