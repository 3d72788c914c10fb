/**
 * A field's value as text in a report, in the screens' pt-BR formats (the shared formatters of
 * the domain package): R$ 1.234,56, dd/MM/yyyy, Sim/Não, option labels, masked documents.
 */
import {
  type FieldDef,
  formatarCnpj,
  formatarCpf,
  formatarData,
  formatarDecimal,
  formatarDinheiro,
  formatarNcm,
  ZONA_PADRAO,
} from '@retaguarda/domain';

/** "22/11/2026 14:05" in the tenant's time zone (the engine serves local ISO text already). */
export function dataHora(d: Date): string {
  const p = new Intl.DateTimeFormat('pt-BR', {
    timeZone: ZONA_PADRAO,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(d);
  const v = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return `${v('day')}/${v('month')}/${v('year')} ${v('hour')}:${v('minute')}`;
}

function dataHoraIso(valor: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(valor);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : valor;
}

function opcao(f: FieldDef, v: unknown): string {
  return f.options?.find((o) => o.value === v)?.label ?? String(v);
}

/** `rotulos`: labels of referenced records by id, when the caller resolved them. */
export function textoDoValor(f: FieldDef | undefined, v: unknown, rotulos?: Map<string, string>): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return v.map((x) => textoDoValor(f, x, rotulos)).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  const rotulo = rotulos?.get(String(v));
  if (rotulo) return rotulo;
  switch (f?.type) {
    case 'money':
      return formatarDinheiro(v as string);
    case 'decimal':
      return formatarDecimal(v as string, f.scale ?? 2);
    case 'percent':
      return `${formatarDecimal(v as string, Math.min(f.scale ?? 2, 4))}%`;
    case 'quantity':
      return formatarDecimal(v as string, f.scale ?? 3);
    case 'date':
      return formatarData(v);
    case 'datetime':
      return dataHoraIso(String(v));
    case 'enum':
    case 'multiEnum':
      return opcao(f, v);
    case 'cnpj':
      return formatarCnpj(String(v));
    case 'cpf':
      return formatarCpf(String(v));
    case 'cpfCnpj':
      return String(v).length > 11 ? formatarCnpj(String(v)) : formatarCpf(String(v));
    case 'ncm':
      return formatarNcm(String(v));
    default:
      return String(v);
  }
}
