/**
 * A link into the NFC-e monitor with its filter set (a dashboard card drills into the notes behind its number):
 * `/monitoramentoDocumentos?status=REJEITADA&inicio=…&fim=…&lojas=1,2`. The monitor reads it over its defaults;
 * anything malformed in it falls back to the default for that field.
 */
import { type FiltroNotasInvalidas, filtroPadraoNotas } from './filtro-monitor';
import { STATUS_NFCE, type StatusNfce } from './status-documento';

export interface LinkMonitorNfce {
  status: StatusNfce;
  inicio: string;
  fim: string;
  lojas: readonly number[];
}

const DIA = /^\d{4}-\d{2}-\d{2}$/;

export function linkMonitorNfce(l: LinkMonitorNfce): string {
  const q = new URLSearchParams({ status: l.status, inicio: l.inicio, fim: l.fim });
  if (l.lojas.length) q.set('lojas', l.lojas.join(','));
  return `/monitoramentoDocumentos?${q.toString()}`;
}

/** The filter a link carries, or null when the query names no status (the monitor keeps its own). */
export function filtroDoLinkMonitor(search: string, hoje: string): FiltroNotasInvalidas | null {
  const q = new URLSearchParams(search);
  const status = q.get('status');
  if (!status || !(STATUS_NFCE as readonly string[]).includes(status)) return null;
  const padrao = filtroPadraoNotas(hoje);
  const inicio = q.get('inicio') ?? '';
  const fim = q.get('fim') ?? '';
  const datas = DIA.test(inicio) && DIA.test(fim) && inicio <= fim ? { inicio, fim } : padrao.data;
  const lojas = (q.get('lojas') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return { ...padrao, status: status as StatusNfce, data: datas, lojas };
}
