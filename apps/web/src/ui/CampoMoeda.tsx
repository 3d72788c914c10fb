import { TextInput, type TextInputProps } from '@mantine/core';
import { centavosDoTexto, formatarMoeda } from '../lib/moeda';

export interface CampoMoedaProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** Integer cents: money never goes through binary floats. */
  valor: number;
  aoMudar: (centavos: number) => void;
}

export function CampoMoeda({ valor, aoMudar, ...rest }: CampoMoedaProps) {
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      value={formatarMoeda(valor)}
      onChange={(e) => aoMudar(centavosDoTexto(e.currentTarget.value))}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
