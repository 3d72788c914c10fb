/**
 * Numbers: integers as numbers; decimal, percent, quantity and money as decimal strings
 * ("1234.56"), never binary floats. Money fills from the right as cash registers do.
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { negativoDigitado } from '../../lib/moeda';
import { decimalDoTexto, decimalDosDigitos, formatarDecimalCurto, formatarDinheiro } from './formato';
import { comuns, type DisplayProps, type InputProps, texto } from './tipos';

const direita = { input: { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' } };

export function InteiroInput(p: InputProps) {
  return (
    <TextInput
      {...comuns(p)}
      inputMode="numeric"
      value={texto(p.value)}
      styles={direita}
      onChange={(e) => {
        const t = e.currentTarget.value.trim();
        p.onChange(t === '' ? null : /^-?\d+$/.test(t) ? Number(t) : t);
      }}
    />
  );
}

export const escalaDe = (p: { field: { type: string; scale?: number } }) =>
  p.field.scale ?? (p.field.type === 'quantity' ? 3 : p.field.type === 'percent' ? 4 : 2);

/** Shown formatted (1.234,500); while focused the text is kept as typed. */
export function DecimalInput(p: InputProps) {
  const [editando, setEditando] = useState<string | null>(null);
  const escala = escalaDe(p);
  const exibido =
    editando ?? formatarDecimalCurto(p.value as string | null, escala, p.field.type === 'quantity' ? 0 : 2);
  return (
    <TextInput
      {...comuns(p)}
      inputMode="decimal"
      value={exibido}
      styles={direita}
      rightSection={p.field.type === 'percent' ? '%' : undefined}
      onFocus={() => setEditando(formatarDecimalCurto(p.value as string | null, escala, 0).replace(/\./g, ''))}
      onBlur={() => {
        setEditando(null);
        p.onBlur?.();
      }}
      onChange={(e) => {
        setEditando(e.currentTarget.value);
        p.onChange(decimalDoTexto(e.currentTarget.value));
      }}
    />
  );
}

/** Signed when the declaration says `negativo`: a lone "-" on an empty field waits for the digits. */
export function DinheiroInput(p: InputProps) {
  const [sinalPendente, setSinalPendente] = useState(false);
  const permite = p.field.negativo === true;
  const formatado = formatarDinheiro(p.value as string | null);
  return (
    <TextInput
      {...comuns(p)}
      inputMode={permite ? 'text' : 'numeric'}
      placeholder="R$ 0,00"
      value={sinalPendente && !formatado ? '-' : formatado}
      styles={direita}
      onChange={(e) => {
        const t = e.currentTarget.value;
        const valor = decimalDosDigitos(t, 2, permite);
        setSinalPendente(permite && valor === null && negativoDigitado(t));
        p.onChange(valor);
      }}
    />
  );
}

export function NumeroDisplay({ field, value }: DisplayProps) {
  const t =
    field.type === 'money'
      ? formatarDinheiro(value as string)
      : field.type === 'integer'
        ? texto(value)
        : `${formatarDecimalCurto(value as string, escalaDe({ field }), field.type === 'quantity' ? 0 : 2)}${field.type === 'percent' && texto(value) ? ' %' : ''}`;
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{t}</span>;
}
