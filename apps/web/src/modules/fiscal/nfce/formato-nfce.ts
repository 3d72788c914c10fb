/** Display helpers of the NFC-e screens: store-local texts shown as they are (never through the browser's zone). */
import { STATUS_NFCE, type StatusNfce, TABELA_STATUS_NFCE } from '@retaguarda/domain';

/** `YYYY-MM-DDTHH:mm:ss` (store-local) → `dd/MM/yyyy HH:mm` */
export function dataHoraLocal(v: string | null | undefined, segundos = false): string {
  const m = v ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(v) : null;
  if (!m) return v ?? '';
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}${segundos ? `:${m[6]}` : ''}`;
}

/** The chave in groups of four, as a DANFE prints it. */
export const chaveEmGrupos = (c: string) => c.replace(/(\d{4})(?=\d)/g, '$1 ');

export const rotuloStatus = (s: StatusNfce) => TABELA_STATUS_NFCE[s].rotulo;
export const corStatus = (s: string) =>
  STATUS_NFCE.includes(s as StatusNfce) ? TABELA_STATUS_NFCE[s as StatusNfce].cor : 'gray';

/** Singular labels for a badge on one note. */
export const STATUS_SINGULAR: Record<StatusNfce, string> = {
  AUTORIZADA: 'Autorizada',
  REJEITADA: 'Rejeitada',
  CONTINGENCIA: 'Contingência',
  PENDENTE: 'Pendente',
  CANCELADA: 'Cancelada',
  DENEGADA: 'Denegada',
  INUTILIZADA: 'Inutilizada',
};

export const formatarCpf = (v: string | null) =>
  v && /^\d{11}$/.test(v) ? v.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : (v ?? '');
export const formatarCnpj = (v: string | null) =>
  v && /^\d{14}$/.test(v) ? v.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') : (v ?? '');
export const percentual = (v: string | null) =>
  v === null ? '—' : `${Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 })} %`;
