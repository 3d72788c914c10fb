import { NumberInput, PasswordInput, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { CampoMoeda } from './CampoMoeda';
import { MANTINE_DO_TAMANHO, type TamanhoInput } from './tamanhos';

export type TipoCampo = 'text' | 'number' | 'password' | 'email' | 'currency';

export interface CampoTextoProps {
  tipo?: TipoCampo;
  tamanho?: TamanhoInput;
  label?: string;
  placeholder?: string;
  /** Shown below the input (spec §5: an error flag shows a message below the input). */
  erro?: string | null;
  descricao?: ReactNode;
  obrigatorio?: boolean;
  desabilitado?: boolean;
  valor: string | number | null;
  aoMudar: (valor: string | number | null) => void;
  name?: string;
  'data-cy'?: string;
}

/** One input for the five types and five sizes of spec §5. */
export function CampoTexto({
  tipo = 'text',
  tamanho = 'md',
  valor,
  aoMudar,
  erro,
  obrigatorio,
  desabilitado,
  descricao,
  ...rest
}: CampoTextoProps) {
  const comum = {
    size: MANTINE_DO_TAMANHO[tamanho],
    error: erro || undefined,
    required: obrigatorio,
    disabled: desabilitado,
    description: descricao,
    label: rest.label,
    placeholder: rest.placeholder,
    name: rest.name,
    'data-cy': rest['data-cy'],
  };
  if (tipo === 'currency') {
    return <CampoMoeda {...comum} valor={typeof valor === 'number' ? valor : 0} aoMudar={aoMudar} />;
  }
  if (tipo === 'number') {
    return (
      <NumberInput
        {...comum}
        value={valor ?? ''}
        onChange={(v) => aoMudar(v === '' ? null : Number(v))}
        decimalSeparator=","
        thousandSeparator="."
        hideControls
      />
    );
  }
  if (tipo === 'password') {
    return <PasswordInput {...comum} value={String(valor ?? '')} onChange={(e) => aoMudar(e.currentTarget.value)} />;
  }
  return (
    <TextInput {...comum} type={tipo} value={String(valor ?? '')} onChange={(e) => aoMudar(e.currentTarget.value)} />
  );
}
