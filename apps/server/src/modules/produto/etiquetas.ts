/**
 * The shelf labels' PDF (report kind ETIQUETAS, laid out in the report engine's pdfmake worker): one label per
 * store × product × copy on the chosen stock (LAYOUTS_ETIQUETA, absolute positions in mm), each with the
 * description, the code, the store, the price of the store's today (the offer while it runs: `precoDaEtiqueta`)
 * and the EAN-13 bars drawn by bwip-js from the product's first valid EAN (none: the code in text only).
 */
import {
  type EntradaImpressaoEtiqueta,
  formatarDinheiro,
  gtinValido,
  hojeNaZona,
  LAYOUTS_ETIQUETA,
  type LayoutEtiqueta,
  precoDaEtiqueta,
  zonaDaLoja,
} from '@retaguarda/domain';
import bwipjs from 'bwip-js/node';
import { sql } from 'kysely';
import type { Content, TDocumentDefinitions } from '../relatorios/pdf';
import { arquivo, renderizarPdf } from '../relatorios';
import type { Gerador } from '../relatorios';

const MM = 72 / 25.4;

interface LinhaEtiqueta {
  loja_id: number;
  sigla: string;
  uf: string;
  codigo_ibge: string | null;
  produto_id: number;
  codigo: string;
  descricao: string;
  ean: string | null;
  preco_venda1: string | null;
  preco_oferta1: string | null;
  inicio_oferta: string | null;
  fim_oferta: string | null;
}

/** EAN-13 bars as a PNG data URL (bwip-js renders in-process, no native code). */
async function barras(ean: string): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: ean.length === 8 ? 'ean8' : 'ean13',
    text: ean,
    scale: 2,
    height: 8,
    includetext: true,
    textsize: 8,
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** One label's content at its place on the page. */
function etiqueta(
  l: LinhaEtiqueta,
  layout: LayoutEtiqueta,
  x: number,
  y: number,
  imagem: string | null,
): { [k: string]: unknown } {
  const { preco, oferta } = precoDaEtiqueta({
    precoVenda1: l.preco_venda1,
    precoOferta1: l.preco_oferta1,
    inicioOferta: l.inicio_oferta,
    fimOferta: l.fim_oferta,
    dia: hojeNaZona(zonaDaLoja({ uf: l.uf, codigoIbge: l.codigo_ibge })),
  });
  const w = layout.largura * MM;
  const h = layout.altura * MM;
  const pad = 2 * MM;
  const barrasW = Math.min(w * 0.45, 38 * MM);
  return {
    absolutePosition: { x: x + pad, y: y + pad },
    stack: [
      { text: l.descricao, bold: true, fontSize: h > 80 ? 10 : 8, maxHeight: h * 0.35, width: w - 2 * pad },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: `Cód. ${l.codigo} · ${l.sigla}`, fontSize: 6, color: '#444444' },
              oferta ? { text: 'OFERTA', fontSize: 7, bold: true, color: '#c00000' } : { text: '' },
              { text: preco ? formatarDinheiro(preco) : 'Sem preço', fontSize: h > 80 ? 18 : 13, bold: true },
            ],
          },
          imagem ? { width: barrasW, image: imagem, fit: [barrasW, h * 0.55] } : { width: 0, text: '' },
        ],
        columnGap: 4,
        width: w - 2 * pad,
      },
    ],
  };
}

export const gerarEtiquetas: Gerador = async ({ db, assinanteId, relatorio, parametros, progresso }) => {
  const p = parametros as unknown as EntradaImpressaoEtiqueta;
  const layout: LayoutEtiqueta = LAYOUTS_ETIQUETA[p.layout];
  const linhas = await db.withTenant(assinanteId, async (trx) => {
    const { rows } = await sql<LinhaEtiqueta>`
      select l.id as loja_id, l.sigla, l.uf, l.codigo_ibge, pr.id as produto_id,
             coalesce(pr.codigo_interno, pr.id::text) as codigo, pr.descricao,
             (select c.id from codigo_auxiliar c where c.produto_id = pr.id and c.tipo = 'EAN' and c.ativo
               order by c.id limit 1) as ean,
             pc.preco_venda1::text, pc.preco_oferta1::text,
             to_char(pc.inicio_oferta, 'YYYY-MM-DD') as inicio_oferta, to_char(pc.fim_oferta, 'YYYY-MM-DD') as fim_oferta
        from unnest(${p.lojas}::int4[]) with ordinality as lj(id, ol)
        join loja l on l.id = lj.id
        cross join unnest(${p.produtos}::int4[]) with ordinality as pp(id, op)
        join produto pr on pr.id = pp.id
        left join preco pc on pc.produto_id = pr.id and pc.loja_id = l.id
       order by lj.ol, pp.op`.execute(trx);
    return rows;
  });
  await progresso?.(1, 3, 'Montando as etiquetas');
  const porPagina = layout.colunas * layout.linhas;
  const conteudo: Content[] = [];
  const imagens = new Map<string, string | null>();
  let n = 0;
  for (const l of linhas) {
    const ean = l.ean && gtinValido(l.ean) && (l.ean.length === 13 || l.ean.length === 8) ? l.ean : null;
    if (ean && !imagens.has(ean)) imagens.set(ean, await barras(ean).catch(() => null));
    for (let c = 0; c < p.copias; c++) {
      const i = n % porPagina;
      const col = i % layout.colunas;
      const lin = Math.floor(i / layout.colunas);
      const x = (layout.margemEsquerda + col * (layout.largura + layout.espacoColunas)) * MM;
      const y = (layout.margemSuperior + lin * (layout.altura + layout.espacoLinhas)) * MM;
      const item = etiqueta(l, layout, x, y, ean ? (imagens.get(ean) ?? null) : null);
      // a new sheet after a full one
      conteudo.push(i === 0 && n > 0 ? { ...item, pageBreak: 'before' } : item);
      n++;
    }
  }
  const doc: TDocumentDefinitions = {
    pageSize: { width: layout.pagina[0] * MM, height: layout.pagina[1] * MM },
    pageMargins: [0, 0, 0, 0],
    info: { title: relatorio.titulo, creator: 'Retaguarda' },
    defaultStyle: { font: 'Roboto', lineHeight: 1 },
    content: conteudo.length ? conteudo : [{ text: 'Nenhuma etiqueta.', margin: [10, 10] }],
  };
  return arquivo(relatorio.titulo, 'PDF', await renderizarPdf(doc, null));
};
