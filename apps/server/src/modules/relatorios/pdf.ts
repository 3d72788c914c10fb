/**
 * PDF rendering with pdfmake in a worker thread: laying out a few thousand table rows takes
 * seconds of CPU, which must not stall the API's event loop. One worker, created on the first
 * report, renders one document at a time (the job queue runs one job at a time) and ends when idle.
 * Every page gets the report header and the footer 'Página x de y'.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

// pdfmake's document definition is plain data; its published types pull the DOM lib into the
// server's compilation, so the little used here is typed locally
export type Content = string | Content[] | { [k: string]: unknown };
export type TableCell = Content;
export type TDocumentDefinitions = { content: Content[]; [k: string]: unknown };

// plain CommonJS run by the worker: the footer is a function, which cannot cross the thread boundary
const CODIGO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const pdfmake = require(workerData.pdfmake);
pdfmake.setFonts(require(workerData.fontes));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => p.startsWith(workerData.pastaFontes));
parentPort.on('message', async ({ id, doc }) => {
  try {
    const rodape = doc.rodape;
    delete doc.rodape;
    // label stock (rodape null) has no room for a footer
    if (rodape !== null) doc.footer = (pagina, total) => ({
      columns: [
        { text: rodape, fontSize: 7, color: '#666666' },
        { text: 'Página ' + pagina + ' de ' + total, alignment: 'right', fontSize: 8 },
      ],
      margin: [28, 6, 28, 0],
    });
    const buffer = await pdfmake.createPdf(doc).getBuffer();
    parentPort.postMessage({ id, buffer });
  } catch (err) {
    parentPort.postMessage({ id, erro: String((err && err.message) || err) });
  }
});`;

const OCIOSO_MS = 60_000;

let worker: Worker | undefined;
let ocioso: NodeJS.Timeout | undefined;
let proximo = 0;
const pendentes = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

function obterWorker(): Worker {
  if (worker) return worker;
  const fontes = require.resolve('pdfmake/fonts/Roboto.js');
  const w = new Worker(CODIGO_WORKER, {
    eval: true,
    workerData: { pdfmake: require.resolve('pdfmake'), fontes, pastaFontes: path.dirname(fontes) },
  });
  w.unref();
  w.on('message', (m: { id: number; buffer?: Uint8Array; erro?: string }) => {
    const p = pendentes.get(m.id);
    pendentes.delete(m.id);
    if (!p) return;
    if (m.buffer) p.resolve(Buffer.from(m.buffer));
    else p.reject(new Error(m.erro ?? 'falha ao gerar o PDF'));
  });
  const falhar = (err: Error) => {
    for (const p of pendentes.values()) p.reject(err);
    pendentes.clear();
    worker = undefined;
  };
  w.on('error', falhar);
  w.on('exit', () => falhar(new Error('O gerador de PDF foi encerrado.')));
  worker = w;
  return w;
}

export async function encerrarGeradorPdf(): Promise<void> {
  clearTimeout(ocioso);
  const w = worker;
  worker = undefined;
  await w?.terminate();
}

/** Renders a document; `rodape` is the small text left of the page numbers (null: no footer, e.g. label sheets). */
export function renderizarPdf(doc: TDocumentDefinitions, rodape: string | null): Promise<Buffer> {
  clearTimeout(ocioso);
  const id = ++proximo;
  const w = obterWorker();
  return new Promise<Buffer>((resolve, reject) => {
    pendentes.set(id, { resolve, reject });
    w.postMessage({ id, doc: { ...doc, rodape } });
  }).finally(() => {
    if (!pendentes.size) ocioso = setTimeout(() => void encerrarGeradorPdf(), OCIOSO_MS).unref();
  });
}

export interface Cabecalho {
  assinante: string;
  titulo: string;
  /** filters applied, one line each ('Nenhum filtro' when empty). */
  filtros: string[];
  ordenacao?: string;
  usuario: string;
  /** dd/MM/yyyy HH:mm in the tenant's time zone. */
  emitidoEm: string;
}

/** A landscape A4 report: header block, then the content; small type so lists fit. */
export function documentoPaisagem(c: Cabecalho, conteudo: Content[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 36],
    info: { title: `${c.titulo} — ${c.assinante}`, author: c.usuario, creator: 'Retaguarda' },
    // the browser's viewer shows the title instead of the blob URL
    displayTitle: true,
    defaultStyle: { font: 'Roboto', fontSize: 8, lineHeight: 1.1 },
    styles: {
      assinante: { fontSize: 9, color: '#555555' },
      titulo: { fontSize: 14, bold: true, margin: [0, 1, 0, 2] },
      meta: { fontSize: 8, color: '#333333' },
      th: { bold: true, fontSize: 8, fillColor: '#e8eef6' },
      aviso: { fontSize: 8, italics: true, color: '#8a4b00', margin: [0, 4, 0, 0] },
    },
    content: [
      {
        columns: [
          [
            { text: c.assinante, style: 'assinante' },
            { text: c.titulo, style: 'titulo' },
          ],
          {
            width: 'auto',
            stack: [
              { text: `Emitido em ${c.emitidoEm}`, style: 'meta', alignment: 'right' },
              { text: `Por ${c.usuario}`, style: 'meta', alignment: 'right' },
            ],
          },
        ],
      },
      {
        text: [{ text: 'Filtros: ', bold: true }, c.filtros.length ? c.filtros.join('; ') : 'Nenhum filtro'],
        style: 'meta',
        margin: [0, 2, 0, c.ordenacao ? 0 : 6],
      },
      ...(c.ordenacao
        ? [{ text: [{ text: 'Ordenação: ', bold: true }, c.ordenacao], style: 'meta', margin: [0, 0, 0, 6] } as Content]
        : []),
      ...conteudo,
    ],
  };
}
