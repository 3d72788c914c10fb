import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFalsa } from '../../test/cadastros';
import { imprimirLista } from './imprimir-na-hora';

afterEach(() => vi.unstubAllGlobals());

const RELATORIO = {
  id: 'r1',
  usuarioId: 1,
  tipo: 'LISTA_CADASTRO',
  titulo: 'Marcas',
  formato: 'PDF',
  mensagemErro: null,
  nomeArquivo: 'Marcas.pdf',
  mimeType: 'application/pdf',
  tamanho: 2000,
  criadoEm: '2026-11-24T10:00:00',
  concluidoEm: null,
  link: '/visualizacao-relatorio/r1',
};

function servidor(total: number, limitado = false) {
  let consultas = 0;
  const chamadas = apiFalsa((c) => {
    if (c.method === 'POST') return { status: 202, body: { ...RELATORIO, status: 'PROCESSANDO' } };
    if (c.url.startsWith('/api/v1/relatorios/r1/arquivo')) return { body: '%PDF-' };
    if (c.url.startsWith('/api/v1/relatorios/r1'))
      return { body: { ...RELATORIO, status: ++consultas < 2 ? 'PROCESSANDO' : 'PRONTO' } };
    return { body: { start: 0, count: 1, total, totalLimitado: limitado, items: [] } };
  });
  return chamadas;
}

describe("'Imprimir' of a list", () => {
  it('a small list is counted, generated while the user waits and handed over as the PDF', async () => {
    const chamadas = servidor(12);
    const r = await imprimirLista('/api/v1/produto/marcas', new URLSearchParams({ q: 'descricao==*a*', sort: 'id' }));
    expect(r.tipo).toBe('pronto');
    expect(r.tipo === 'pronto' && (await r.pdf.text())).toContain('%PDF-');
    const contagem = chamadas[0]?.url ?? '';
    expect(contagem).toContain('count=1');
    expect(contagem).toContain('total=limitado');
    expect(chamadas[1]?.url).toContain('/api/v1/produto/marcas/relatorio?');
  });

  it('a big list (or "more than 10 000") goes to the background without waiting', async () => {
    for (const [total, limitado] of [
      [501, false],
      [10_000, true],
    ] as const) {
      const chamadas = servidor(total, limitado);
      const r = await imprimirLista('/api/v1/produto/marcas', new URLSearchParams());
      expect(r).toMatchObject({ tipo: 'segundo-plano', motivo: 'grande' });
      expect(chamadas.some((c) => c.url.startsWith('/api/v1/relatorios/r1'))).toBe(false);
      vi.unstubAllGlobals();
    }
  });
});
