/** Dates shown and typed as dd/MM/yyyy, stored as yyyy-MM-dd (spec §5, architecture §6.9). */
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { DateInput } from '@mantine/dates';
import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { lerDataBr } from '@retaguarda/domain';
import { formatarData, formatarDataHora } from '../../lib/formato';
import { comuns, type DisplayProps, type InputProps, texto } from './tipos';

/** "31/12/2026" → "2026-12-31"; null when it is not a real date (the domain's one reader). */
export const isoDeDataBr = lerDataBr;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoValida = (v: string) => {
  const m = ISO.exec(v);
  return !!m && isoDeDataBr(`${m[3]}/${m[2]}/${m[1]}`) === v;
};

/**
 * A date typed that does not exist (31/02/2026) or is left half-typed stays in the field, flagged
 * "Data inválida: 31/02/2026.", and the form gets the text so its rules refuse to save — never the
 * previous date silently put back, nor the field silently cleared.
 */
export function DataInput(p: InputProps) {
  const v = texto(p.value).slice(0, 10);
  const valida = v === '' || isoValida(v);
  // the picker keeps the last real date while the field holds a typed text that is not one
  const ultima = useRef<string | null>(null);
  if (valida) ultima.current = v || null;
  const [invalido, setInvalido] = useState<string | null>(null);
  const c = comuns(p);
  return (
    <DateInput
      {...c}
      error={invalido && !valida ? `Data inválida: ${invalido}.` : c.error}
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      dateParser={isoDeDataBr}
      fixOnBlur={false}
      clearable={!p.somenteLeitura}
      leftSection={<IconCalendar size={16} />}
      value={valida ? v || null : ultima.current}
      onBlur={(e) => {
        const t = e.currentTarget.value.trim();
        if (t && !isoDeDataBr(t)) {
          setInvalido(t);
          p.onChange(t);
        } else setInvalido(null);
        p.onBlur?.();
      }}
      onChange={(d) => {
        setInvalido(null);
        p.onChange(d ? String(d).slice(0, 10) : null);
      }}
    />
  );
}

/** Date-times are server-managed in registers (criadoEm, alteradoEm): shown, not typed. */
export function DataHoraInput(p: InputProps) {
  return <TextInput {...comuns(p)} readOnly value={formatarDataHora(p.value)} />;
}

export function DataDisplay({ field, value }: DisplayProps) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {field.type === 'datetime' ? formatarDataHora(value) : formatarData(value)}
    </span>
  );
}
