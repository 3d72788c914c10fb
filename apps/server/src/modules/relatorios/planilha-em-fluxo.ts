/**
 * An XLSX written while the rows are read (the stock reports can have a million rows): exceljs's
 * streaming writer commits each row to the zip at once, so memory holds neither the rows nor the file
 * (it goes to a temporary file, then into the report's parts). A sheet holds at most LINHAS_POR_ABA rows (Excel's limit is 1,048,576): more go on to
 * 'Movimentos (2)'. Numbers are written as numbers (the user sums and filters them in Excel) with a format
 * (#27.17): the column's (`formato`: money, cost, 'dd/mm/yyyy' for Date cells) or the cell's own (a quantity
 * by its unit's decimals).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Cabecalho } from './pdf';
import type { ArquivoEmDisco } from './relatorios.fila';

export const LINHAS_POR_ABA = 1_000_000;

export interface ColunaPlanilha {
  rotulo: string;
  largura: number;
  /** numFmt of the column's number and date cells ('#,##0.00', 'dd/mm/yyyy') */
  formato?: string;
}

/** A number with its own format (a quantity in its unit's decimals). */
export interface NumeroFormatado {
  valor: number | null;
  formato: string;
}

export type Celula = string | number | Date | null | NumeroFormatado;

type Estilo = { numFmt?: string };
/**
 * One style object per format, shared by every cell: exceljs's style registry knows an object it saw
 * (a WeakMap), so a styled cell costs a lookup; a fresh object per cell (exceljs's default, `{}`) is
 * serialised and hashed each time (the 5x slower rows measured before the formats).
 */
const SEM_ESTILO: Estilo = {};
const ESTILOS = new Map<string, Estilo>();
const estilo = (formato: string | undefined): Estilo => {
  if (!formato) return SEM_ESTILO;
  let e = ESTILOS.get(formato);
  if (!e) {
    e = { numFmt: formato };
    ESTILOS.set(formato, e);
  }
  return e;
};

type WorkbookWriter = InstanceType<typeof import('exceljs').stream.xlsx.WorkbookWriter>;
type Aba = ReturnType<WorkbookWriter['addWorksheet']>;

export class PlanilhaEmFluxo {
  private aba!: Aba;
  private linhasNaAba = 0;
  private abas = 0;
  private desdeAPausa = 0;

  private constructor(
    private readonly wb: WorkbookWriter,
    private readonly fim: Promise<ArquivoEmDisco>,
    private readonly pasta: string,
    private readonly cabecalho: Cabecalho,
    private readonly nome: string,
    private readonly colunas: readonly ColunaPlanilha[],
  ) {}

  static async abrir(cabecalho: Cabecalho, nome: string, colunas: readonly ColunaPlanilha[]) {
    // exceljs costs ~0.3 s to load: only the first XLSX report pays it
    const ExcelJS = (await import('exceljs')).default;
    // the zip goes to a temporary file, stored from there in parts (relatorios.store.ts): the file
    // is never whole in memory
    const pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'relatorio-estoque-'));
    const caminho = path.join(pasta, 'relatorio.xlsx');
    const saida = createWriteStream(caminho);
    const descartar = () => fs.rm(pasta, { recursive: true, force: true });
    const fim = new Promise<ArquivoEmDisco>((ok, erro) => {
      saida.on('finish', () =>
        fs.stat(caminho).then(
          (st) => ok({ caminho, tamanho: st.size, descartar }),
          (err) => descartar().finally(() => erro(err)),
        ),
      );
      saida.on('error', erro);
    });
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: saida,
      // styles for the number formats; each cell takes a shared style object (see `estilo`)
      useStyles: true,
      useSharedStrings: false,
      // fastest deflate (as the register export): the sheet XML compresses well anyway
      zip: { zlib: { level: 1 } },
    });
    wb.creator = 'Retaguarda';
    const p = new PlanilhaEmFluxo(wb, fim, pasta, cabecalho, nome, colunas);
    p.novaAba();
    return p;
  }

  private novaAba(): void {
    if (this.aba) this.aba.commit();
    this.abas++;
    this.aba = this.wb.addWorksheet(this.abas === 1 ? this.nome : `${this.nome} (${this.abas})`);
    this.aba.columns = this.colunas.map((c) => ({ width: c.largura }));
    this.linhasNaAba = 0;
    const c = this.cabecalho;
    this.simples([c.assinante]);
    this.simples([c.titulo]);
    for (const f of c.filtros) this.simples([f]);
    this.simples([`Emitido em ${c.emitidoEm} por ${c.usuario}`]);
    this.simples([]);
    this.simples(this.colunas.map((col) => col.rotulo));
  }

  private simples(valores: Celula[]) {
    escrever(this.aba, valores);
    this.linhasNaAba++;
  }

  /** One data row; lets other requests in between batches. */
  async linha(valores: Celula[]): Promise<void> {
    if (this.linhasNaAba >= LINHAS_POR_ABA) this.novaAba();
    escrever(this.aba, valores, this.colunas);
    this.linhasNaAba++;
    if (++this.desdeAPausa >= 2000) {
      this.desdeAPausa = 0;
      await comprimido(this.aba);
      await new Promise((ok) => setImmediate(ok));
    }
  }

  /** A closing line under the rows of the current sheet ('Exibindo…', 'N movimentos'). */
  nota(texto: string): void {
    this.simples([]);
    this.simples([texto]);
  }

  /** A small sheet written whole (the totals). */
  tabela(nome: string, colunas: readonly ColunaPlanilha[], linhas: Celula[][]) {
    this.aba.commit();
    const aba = this.wb.addWorksheet(nome);
    aba.columns = colunas.map((c) => ({ width: c.largura }));
    for (const l of [[this.cabecalho.titulo], [], colunas.map((c) => c.rotulo)]) escrever(aba, l);
    for (const l of linhas) escrever(aba, l, colunas);
    this.aba = aba;
  }

  /** The report failed midway: the temporary file goes. */
  async descartar(): Promise<void> {
    await fs.rm(this.pasta, { recursive: true, force: true });
  }

  /** The finished file, still on disk: the caller stores it, then `descartar()`s it. */
  async fechar(): Promise<ArquivoEmDisco> {
    this.aba.commit();
    await this.wb.commit();
    return this.fim;
  }
}

const formatado = (c: Celula): c is NumeroFormatado => c !== null && typeof c === 'object' && !(c instanceof Date);

/** A row whose cells carry their format: the cell's own, else the column's for numbers and dates. */
function escrever(aba: Aba, valores: Celula[], colunas?: readonly ColunaPlanilha[]) {
  const r = aba.addRow(valores.map((v) => (formatado(v) ? v.valor : v)));
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i] ?? null;
    const formato = formatado(v)
      ? v.formato
      : typeof v === 'number' || v instanceof Date
        ? colunas?.[i]?.formato
        : undefined;
    r.getCell(i + 1).style = estilo(formato) as never;
  }
  r.commit();
}

/** "12.5000" → 12.5 for a numeric cell (display only: sums in the report are exact, done before). */
export const numero = (texto: string | null | undefined): number | null =>
  texto === null || texto === undefined || texto === '' ? null : Number(texto);

type Pendente = { _writableState?: { length: number; highWaterMark: number }; once(e: 'drain', f: () => void): void };

/**
 * exceljs writes each committed row into the sheet's zip entry without waiting, so when deflate is
 * slower than the reads the XML piles up in memory (registers/export.ts measured ~400 MB for 1 M rows):
 * wait for that entry's buffer to drain (exceljs internals; if they change, this only stops throttling).
 */
async function comprimido(aba: unknown) {
  const destino = (aba as { stream?: { pipes?: Pendente[] } }).stream?.pipes?.[0];
  const st = destino?._writableState;
  while (destino && st && st.length > st.highWaterMark) await new Promise<void>((r) => destino.once('drain', r));
}
