import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { centavosDoTexto, formatarMoeda, moedaParaEdicao } from '../lib/moeda';
import { useSelecaoAoFocar } from './selecaoAoFocar';

export interface CampoMoedaProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** Integer cents: money never goes through binary floats. */
  valor: number;
  aoMudar: (centavos: number) => void;
  /** Accepts a "-" typed anywhere (opening balances); otherwise the sign is ignored. */
  negativo?: boolean;
}

/** Typed as people say it ("500" is R$ 500,00, "5,5" is R$ 5,50); shown as "R$ 1.234,56" once the field is left. */
export function CampoMoeda({ valor, aoMudar, negativo = false, onFocus, onBlur, ...rest }: CampoMoedaProps) {
  const [editando, setEditando] = useState<string | null>(null);
  const selecionar = useSelecaoAoFocar();
  return (
    <TextInput
      {...rest}
      inputMode={negativo ? 'text' : 'decimal'}
      value={editando ?? formatarMoeda(valor)}
      onFocus={(e) => {
        setEditando(moedaParaEdicao((valor / 100).toFixed(2)));
        selecionar(e.currentTarget); // what is there is replaced by the typing
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setEditando(null);
        onBlur?.(e);
      }}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setEditando(t);
        const c = centavosDoTexto(t, negativo);
        if (c !== undefined) aoMudar(c ?? 0);
      }}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
