/**
 * The NFC-e document statuses (domain §3.8) and how an uploaded note's status is read: the POS sends free
 * text and a cStat, and the monitor filters and counts on these seven. The SQL backfill of migration 0481
 * follows the same rule (cStat first, then the text, then contingency, else pending).
 */
export const STATUS_NFCE = [
  'AUTORIZADA',
  'REJEITADA',
  'CONTINGENCIA',
  'PENDENTE',
  'CANCELADA',
  'DENEGADA',
  'INUTILIZADA',
] as const;
export type StatusNfce = (typeof STATUS_NFCE)[number];

export interface LinhaStatusNfce {
  rotulo: string;
  /** what the status means to the fiscal user (the card's hint) */
  descricao: string;
  /** Mantine colour of the card and badge */
  cor: string;
  /** the cStat codes that put a document in this status */
  cStats: readonly number[];
}

/** The status table: the cards of the monitor follow this order. */
export const TABELA_STATUS_NFCE: Record<StatusNfce, LinhaStatusNfce> = {
  AUTORIZADA: { rotulo: 'Autorizadas', descricao: 'Autorizadas pela SEFAZ (100/150)', cor: 'teal', cStats: [100, 150] },
  REJEITADA: {
    rotulo: 'Rejeitadas',
    descricao: 'Rejeitadas: o número continua livre — corrija e reenvie, ou inutilize',
    cor: 'red',
    cStats: [],
  },
  CONTINGENCIA: {
    rotulo: 'Contingência',
    descricao: 'Emitidas off-line (tpEmis 9), ainda não transmitidas',
    cor: 'orange',
    cStats: [],
  },
  PENDENTE: { rotulo: 'Pendentes', descricao: 'Na fila de envio', cor: 'yellow', cStats: [] },
  CANCELADA: {
    rotulo: 'Canceladas',
    descricao: 'Cancelamento homologado (evento 110111 → 135)',
    cor: 'gray',
    cStats: [101, 135, 151, 155],
  },
  DENEGADA: {
    rotulo: 'Denegadas',
    descricao: 'Uso denegado (110/301/302)',
    cor: 'grape',
    cStats: [110, 205, 301, 302, 303],
  },
  INUTILIZADA: { rotulo: 'Inutilizadas', descricao: 'Número inutilizado (102)', cor: 'dark', cStats: [102] },
};

const SINONIMOS: Record<string, StatusNfce> = {
  AUTORIZADA: 'AUTORIZADA',
  AUTORIZADO: 'AUTORIZADA',
  CANCELADA: 'CANCELADA',
  CANCELADO: 'CANCELADA',
  DENEGADA: 'DENEGADA',
  DENEGADO: 'DENEGADA',
  INUTILIZADA: 'INUTILIZADA',
  INUTILIZADO: 'INUTILIZADA',
  REJEITADA: 'REJEITADA',
  REJEITADO: 'REJEITADA',
  CONTINGENCIA: 'CONTINGENCIA',
  OFFLINE: 'CONTINGENCIA',
  PENDENTE: 'PENDENTE',
};

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();

/**
 * The status of a note as the POS uploaded it. SEFAZ's cStat decides when it names a final state (a POS
 * that wrote "PENDENTE" next to cStat 100 was authorised); any other cStat ≥ 200 is a rejection; a
 * contingency note (tpEmis 9) without an answer stays CONTINGENCIA; no answer at all is PENDENTE.
 */
export function statusDoEnvio(e: {
  status?: string | null;
  cStat?: number | null;
  tpEmis?: number | null;
}): StatusNfce {
  const c = e.cStat ?? null;
  if (c !== null) for (const s of STATUS_NFCE) if (TABELA_STATUS_NFCE[s].cStats.includes(c)) return s;
  const texto = SINONIMOS[semAcento(e.status ?? '')];
  if (texto && texto !== 'PENDENTE' && texto !== 'CONTINGENCIA') return texto;
  if (c !== null && c >= 200) return 'REJEITADA';
  if (e.tpEmis === 9 || texto === 'CONTINGENCIA') return 'CONTINGENCIA';
  return 'PENDENTE';
}

/** SEFAZ's date-time (dhRecbto): local time with its offset, as the protocol carries it. */
export const DATA_HORA_SEFAZ = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * When SEFAZ authorised an uploaded note (the cancel deadline counts from it): the POS's `dhRecbto`, else
 * the protocol's (protNFe/infProt/dhRecbto) in the nfeProc XML it sent; null when neither says it (the
 * deadline then counts from the upload). ISO instant (UTC).
 */
export function autorizacaoDoEnvio(e: { dhRecbto?: string | null; xml?: string | null }): string | null {
  const doXml = e.xml ? /<infProt[\s>][\s\S]*?<dhRecbto>\s*([^<\s]+)\s*<\/dhRecbto>/.exec(e.xml)?.[1] : undefined;
  const v = e.dhRecbto?.trim() || doXml || null;
  if (!v || !DATA_HORA_SEFAZ.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
