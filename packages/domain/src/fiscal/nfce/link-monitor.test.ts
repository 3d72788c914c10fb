import { describe, expect, it } from 'vitest';
import { filtroPadraoNotas } from './filtro-monitor';
import { filtroDoLinkMonitor, linkMonitorNfce } from './link-monitor';

const hoje = '2026-11-29';

describe('a link into the NFC-e monitor', () => {
  it('carries status, days and stores and reads back as the filter', () => {
    const link = linkMonitorNfce({ status: 'CONTINGENCIA', inicio: '2026-11-01', fim: '2026-11-28', lojas: [3, 7] });
    expect(link).toBe('/monitoramentoDocumentos?status=CONTINGENCIA&inicio=2026-11-01&fim=2026-11-28&lojas=3%2C7');
    expect(filtroDoLinkMonitor(link.slice(link.indexOf('?')), hoje)).toEqual({
      ...filtroPadraoNotas(hoje),
      status: 'CONTINGENCIA',
      data: { inicio: '2026-11-01', fim: '2026-11-28' },
      lojas: [3, 7],
    });
  });

  it('no status (or an unknown one): no filter; bad days or stores fall back to the defaults', () => {
    expect(filtroDoLinkMonitor('?chave=123', hoje)).toBeNull();
    expect(filtroDoLinkMonitor('?status=QUALQUER', hoje)).toBeNull();
    const f = filtroDoLinkMonitor('?status=REJEITADA&inicio=2026-11-28&fim=2026-11-01&lojas=a,-1', hoje);
    expect(f).toEqual({ ...filtroPadraoNotas(hoje), status: 'REJEITADA', lojas: [] });
  });
});
