/**
 * The balances on screen as CSV (#27.9): every page of the applied filters (the list contract's pages of
 * 1000, until a short one), ';'-separated with pt-BR decimals and a BOM, as Excel in Brazil opens it.
 * The XLSX and PDF stay the report's files (Gerar Excel / Gerar PDF).
 */
import { formatarDecimal, type SaldoEstoque } from '@retaguarda/domain';
import { salvarBlob } from '../../../lib/download';
import { listarSaldosNaTela } from '../api';

const celula = (v: unknown) => {
  const t = v === null || v === undefined ? '' : String(v);
  return /[";\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

export function csvDosSaldos(itens: readonly SaldoEstoque[]): string {
  const linhas = [
    ['Loja', 'Local', 'Código', 'Produto', 'Unidade', 'Saldo', 'Custo médio', 'Valor em estoque'],
    ...itens.map((s) => [
      s.lojaSigla ?? s.lojaId,
      s.localDescricao ?? s.localId,
      s.produtoCodigo ?? s.produtoId,
      s.produtoDescricao ?? '',
      s.unidade ?? '',
      formatarDecimal(s.quantidade, s.casasDecimais ?? 0).replace(/\./g, ''),
      formatarDecimal(s.custoMedio, 4).replace(/\./g, ''),
      formatarDecimal(s.valorTotal, 2).replace(/\./g, ''),
    ]),
  ];
  return `\uFEFF${linhas.map((l) => l.map(celula).join(';')).join('\r\n')}\r\n`;
}

export async function exportarSaldosCsv(filtros: URLSearchParams, data: string): Promise<number> {
  const itens: SaldoEstoque[] = [];
  for (let start = 0; ; start += 1000) {
    const p = new URLSearchParams(filtros);
    p.set('start', String(start));
    p.set('count', '1000');
    const pagina = await listarSaldosNaTela(p);
    itens.push(...pagina.items);
    if (pagina.items.length < 1000) break;
  }
  salvarBlob(new Blob([csvDosSaldos(itens)], { type: 'text/csv;charset=utf-8' }), `saldo-de-estoque-${data}.csv`);
  return itens.length;
}
