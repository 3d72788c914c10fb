import { Box, Text, UnstyledButton } from '@mantine/core';
import classes from './PassosAssistente.module.css';

export interface Passo {
  numero: number;
  descricao: string;
}

/** Wizard steps (spec §2.3): the current step is highlighted; clicking a step announces its number. */
export function PassosAssistente({
  passos,
  atual,
  aoClicar,
}: {
  passos: readonly Passo[];
  atual: number;
  aoClicar?: (numero: number) => void;
}) {
  return (
    <Box component="ol" className={classes.lista} aria-label="Etapas">
      {passos.map((p) => (
        <li key={p.numero} className={classes.item}>
          <UnstyledButton
            className={classes.passo}
            data-atual={p.numero === atual || undefined}
            data-feito={p.numero < atual || undefined}
            aria-current={p.numero === atual ? 'step' : undefined}
            onClick={() => aoClicar?.(p.numero)}
          >
            <span className={classes.numero}>{p.numero}</span>
            <Text fz="sm" fw={p.numero === atual ? 700 : 500} className={classes.descricao}>
              {p.descricao}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}
