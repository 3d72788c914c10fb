import { TextInput, type TextInputProps } from '@mantine/core';
import { centavosDoTexto, formatarMoeda } from '../lib/moeda';

export interface CampoMoedaProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** Integer cents: money never goes through binary floats. */
  valor: number;
  aoMudar: (centavos: number) => void;
  /** Accepts a "-" typed anywhere (opening balances); otherwise the sign is ignored. */
  negativo?: boolean;
}

export function CampoMoeda({ valor, aoMudar, negativo = false, ...rest }: CampoMoedaProps) {
  return (
    <TextInput
      {...rest}
      inputMode={negativo ? 'text' : 'numeric'}
      value={formatarMoeda(valor)}
      onChange={(e) => aoMudar(centavosDoTexto(e.currentTarget.value, negativo))}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
