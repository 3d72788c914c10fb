/**
 * Where the SEFAZ actions (Consultar, Reenviar, Cancelar, Inutilizar faixa, reenvio da contingência) are
 * mounted: they are built in ./acoes by the SEFAZ side of the NFC-e issue and wired here at merge. The
 * slot knows what the screen shows (one note, or the monitor's filter and the gaps of a "faixa"), so each
 * action finds its input; `data-acoes-sefaz` marks the place in the DOM (journeys find the buttons there).
 */
import { Group } from '@mantine/core';
import type { DetalheNfce, FaixaNfce, FiltroNotasInvalidas } from '@retaguarda/domain';
import type { ReactNode } from 'react';

export type ContextoAcoesSefaz =
  | { tela: 'monitor'; filtro: FiltroNotasInvalidas; faixa: FaixaNfce | null; aoConcluir: () => void }
  | { tela: 'cupom'; detalhe: DetalheNfce; aoConcluir: () => void };

export function EspacoAcoesSefaz({ contexto, children }: { contexto: ContextoAcoesSefaz; children?: ReactNode }) {
  // AÇÕES SEFAZ: mount the ./acoes components here (they receive `contexto`)
  return (
    <Group gap="xs" data-acoes-sefaz={contexto.tela} aria-label="Ações SEFAZ">
      {children}
    </Group>
  );
}
