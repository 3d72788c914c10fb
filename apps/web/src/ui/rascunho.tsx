/**
 * Drafts of unsaved forms (#27.4): while a form has changes, its values are kept in this tab's
 * sessionStorage under its route and record (never a password field); a lost session (another tab's
 * logout, a 401) leaves them there, and the same form offers them back after the sign-in. A form left on
 * purpose, saved or discarded drops its draft. Generic: the form hands its values and how to apply them.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saidaLivre } from '../lib/saida-livre';

const PREFIXO = 'rtg.rascunho.';
/** fields never written: passwords and secrets, at any depth */
const SECRETO = /senha|password|secret|token/i;

export const MSG_RASCUNHO = {
  oferta: 'Encontramos dados não salvos deste formulário. Recuperar?',
  sessaoEncerrada:
    'Sua sessão terminou antes de salvar. Os dados digitados ficaram guardados neste navegador: entre de novo e recupere-os no formulário.',
} as const;

export const chaveRascunho = (rota: string, registro?: string | number | null) =>
  `${PREFIXO}${rota}|${registro ?? 'novo'}`;

export function semSegredos(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(semSegredos);
  if (v && typeof v === 'object' && !(v instanceof Date))
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([k]) => !SECRETO.test(k))
        .map(([k, x]) => [k, semSegredos(x)]),
    );
  return v;
}

export function gravarRascunho(chave: string, valores: unknown): void {
  try {
    sessionStorage.setItem(chave, JSON.stringify(semSegredos(valores)));
  } catch {
    // storage full or blocked: the draft is a convenience
  }
}

export function lerRascunho<T = Record<string, unknown>>(chave: string): T | null {
  try {
    const t = sessionStorage.getItem(chave);
    return t ? (JSON.parse(t) as T) : null;
  } catch {
    return null;
  }
}

export const apagarRascunho = (chave: string) => sessionStorage.removeItem(chave);

export interface OpcoesRascunho<T> {
  chave: string;
  /** the form is on screen with its record loaded (before that nothing is read or written) */
  pronto: boolean;
  /** subscribes to the form's changes: called with the values and whether they differ from the saved */
  inscrever: (aoMudar: (valores: T, sujo: boolean) => void) => () => void;
  aplicar: (valores: T) => void;
}

/**
 * Keeps the form's draft and offers the one found when the form opens. `guardar()` writes the current
 * values now (a 401 on save); `descartar()` drops it (saved).
 */
export function useRascunho<T>({ chave, pronto, inscrever, aplicar }: OpcoesRascunho<T>) {
  const [oferta, setOferta] = useState<T | null>(null);
  const ultimo = useRef<T | null>(null);
  useEffect(() => {
    if (!pronto) return;
    setOferta(lerRascunho<T>(chave));
    const parar = inscrever((valores, sujo) => {
      ultimo.current = valores;
      if (sujo) gravarRascunho(chave, valores);
      else apagarRascunho(chave);
      // typing over the form answers the offer: what is on screen is the draft now
      if (sujo) setOferta(null);
    });
    return () => {
      parar();
      // left on purpose (Voltar, another screen): the draft goes; the session ending keeps it
      if (!saidaLivre()) apagarRascunho(chave);
    };
  }, [chave, pronto, inscrever]);
  const descartar = useCallback(() => {
    apagarRascunho(chave);
    setOferta(null);
  }, [chave]);
  const guardar = useCallback(() => {
    if (ultimo.current) gravarRascunho(chave, ultimo.current);
  }, [chave]);
  const aviso = oferta ? (
    <Alert color="blue" icon={<IconRestore size={18} />} data-cy="rascunho-oferta">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{MSG_RASCUNHO.oferta}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => {
              aplicar(oferta);
              setOferta(null);
            }}
            data-cy="rascunho-recuperar"
          >
            Recuperar
          </Button>
          <Button size="xs" variant="default" onClick={descartar} data-cy="rascunho-descartar">
            Descartar
          </Button>
        </Group>
      </Group>
    </Alert>
  ) : null;
  return { aviso, descartar, guardar };
}
