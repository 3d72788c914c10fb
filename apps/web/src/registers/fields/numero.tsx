/**
 * Numbers: integers as numbers; decimal, percent, quantity and money as decimal strings
 * ("1234.56"), never binary floats. Money is typed as people say it: "500" is R$ 500,00, "5,5" is R$ 5,50.
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { moedaDigitada, moedaParaEdicao } from '../../lib/moeda';
import { decimalDoTexto, formatarDecimalCurto, formatarDinheiro } from '../../lib/formato';
import { useSelecaoAoFocar } from '../../ui/selecaoAoFocar';
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

/**
 * While focused the text stays as typed ("500", "5,5", a lone "-" waiting for its digits); shown as R$ when left.
 * Signed when the declaration says `negativo`. Text that is no amount goes as typed, for the validator to refuse.
 */
export function DinheiroInput(p: InputProps) {
  const [editando, setEditando] = useState<string | null>(null);
  const permite = p.field.negativo === true;
  const selecionar = useSelecaoAoFocar();
  const valor =
    typeof p.value === 'string' ? p.value : p.value === null || p.value === undefined ? null : String(p.value);
  return (
    <TextInput
      {...comuns(p)}
      inputMode={permite ? 'text' : 'decimal'}
      placeholder="R$ 0,00"
      value={editando ?? formatarDinheiro(valor)}
      styles={direita}
      onFocus={(e) => {
        setEditando(/^-?\d+(\.\d+)?$/.test(valor ?? '') ? moedaParaEdicao(valor) : (valor ?? ''));
        selecionar(e.currentTarget); // what is there is replaced by the typing
      }}
      onBlur={() => {
        setEditando(null);
        p.onBlur?.();
      }}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setEditando(t);
        const v = moedaDigitada(t, permite);
        p.onChange(v === undefined ? t : v);
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
