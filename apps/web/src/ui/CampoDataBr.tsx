/** A business date typed as people write it (dd/mm/aaaa), kept as ISO (yyyy-MM-dd) for the API; empty: ''. */
import { TextInput } from '@mantine/core';
import { dataBr } from '@retaguarda/domain';
import { type KeyboardEvent, useEffect, useState } from 'react';

const DATA = /^(\d{2})\/(\d{2})\/(\d{4})$/;
export const isoDaDataBr = (t: string): string | null => {
  const m = DATA.exec(t.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

export function CampoDataBr(p: {
  label: string;
  valor: string;
  mudar: (iso: string) => void;
  erro?: string;
  required?: boolean;
  w?: number;
  'data-cy'?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const [texto, setTexto] = useState(p.valor ? dataBr(p.valor) : '');
  // a value set from outside (an agreement loaded for editing) shows as typed
  useEffect(() => {
    setTexto((t) => (isoDaDataBr(t) === p.valor || (!p.valor && !isoDaDataBr(t)) ? t : p.valor ? dataBr(p.valor) : ''));
  }, [p.valor]);
  return (
    <TextInput
      label={p.label}
      required={p.required}
      w={p.w}
      placeholder="dd/mm/aaaa"
      inputMode="numeric"
      maxLength={10}
      value={texto}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setTexto(t);
        p.mudar(isoDaDataBr(t) ?? '');
      }}
      error={p.erro ?? (texto && !isoDaDataBr(texto) ? 'use dd/mm/aaaa' : undefined)}
      onKeyDown={p.onKeyDown}
      data-cy={p['data-cy']}
    />
  );
}
