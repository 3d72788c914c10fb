/**
 * Collector files for every item grid (issue #25.1; contracts in the domain's itens/coletor.contrato.ts):
 * the tenant's saved layouts (table layout_coletor, migration 0386; saved and deleted by commands, coletor.workflow.ts: the settings kit keeps scalar
 * parameters, a layout is a record) and the ONE reading — a pasted text or an upload of kind `coletor`
 * (text decoded by the upload kit, XLSX opened with exceljs) read by the domain's `lerColetor`, its codes
 * resolved in the same transaction (`resolverCodigos`), quantities in the sale unit.
 */
import {
  corpoDeErro,
  type EntradaLeituraColetor,
  entradaLeituraColetor,
  type FalhaColetor,
  LAYOUT_COLETOR_PADRAO,
  type LayoutColetor,
  type LinhaLidaColetor,
  layoutColetor,
  lerColetor,
  listaLayoutsColetor,
  MAX_CODIGOS_RESOLUCAO,
  MSG_CODIGOS,
  MSG_COLETOR,
  resultadoLeituraColetor,
  Decimal,
  TIPOS_DE_ARQUIVO,
} from '@retaguarda/domain';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { abrirArquivo, decodificarTexto, remetenteDe } from '../../http/upload';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { recusar } from '../../plugins/errors';
import { engineAuthOf } from '../../registers/context';
import { montarWorkflows } from '../../workflows';
import { excluirLayoutColetor, salvarLayoutColetor } from './coletor.workflow';
import { resolverCodigos } from './codigos.resolver';

const access = { anyOf: [...TIPOS_DE_ARQUIVO.coletor.permissoes], entidade: 'layouts de coletor' };

async function layoutsDoAssinante(trx: Tx) {
  const { rows } = await sql<{ nome: string; definicao: unknown }>`
    select nome, definicao from layout_coletor order by nome`.execute(trx);
  // a row that no longer reads as a layout (the schema grew) is left out rather than break the grid
  const salvos = rows.flatMap((r) => {
    const l = layoutColetor.safeParse(r.definicao);
    return l.success ? [{ nome: r.nome, layout: l.data }] : [];
  });
  return [LAYOUT_COLETOR_PADRAO, ...salvos.filter((s) => s.nome !== LAYOUT_COLETOR_PADRAO.nome)];
}

/** The rows of the workbook's first sheet as cell texts. */
async function linhasDaPlanilha(partes: AsyncIterable<Buffer>): Promise<string[][]> {
  const ExcelJS = (await import('exceljs')).default;
  const livro = new ExcelJS.Workbook();
  try {
    await livro.xlsx.read(Readable.from(partes));
  } catch {
    throw recusar('arquivoId', MSG_COLETOR.planilhaInvalida);
  }
  const linhas: string[][] = [];
  livro.worksheets[0]?.eachRow({ includeEmpty: true }, (row, n) => {
    const celulas: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      celulas[col - 1] = c.text ?? '';
    });
    linhas[n - 1] = celulas;
  });
  return Array.from(linhas, (l) => l ?? []);
}

/**
 * THE reading of a collector file (a pasted text or an upload of kind `coletor` of `remetente`) by a layout,
 * its codes resolved in the caller's transaction: the grid's reading and the inventory's import share it.
 */
export async function lerArquivoDeColetor(
  trx: Tx,
  e: Pick<EntradaLeituraColetor, 'layout' | 'layoutNome' | 'arquivoId' | 'texto'>,
  remetente: string,
): Promise<{ itens: LinhaLidaColetor[]; falhas: FalhaColetor[] }> {
  let layout: LayoutColetor = e.layout ?? LAYOUT_COLETOR_PADRAO.layout;
  if (e.layoutNome && !e.layout) {
    const achado = (await layoutsDoAssinante(trx)).find((l) => l.nome === e.layoutNome);
    if (!achado) throw recusar('layoutNome', MSG_COLETOR.layoutNaoEncontrado(e.layoutNome));
    layout = achado.layout;
  }
  let fonte: string | string[][] = e.texto ?? '';
  if (e.arquivoId) {
    const a = await abrirArquivo(trx, e.arquivoId);
    // another user's upload, or another kind, is not even said to exist
    if (!a || a.remetente !== remetente || a.tipo !== 'coletor')
      throw recusar('arquivoId', MSG_COLETOR.arquivoNaoEncontrado);
    if (layout.formato === 'XLSX') fonte = await linhasDaPlanilha(a.partes);
    else {
      const partes: Buffer[] = [];
      for await (const p of a.partes) partes.push(p);
      fonte = decodificarTexto(Buffer.concat(partes)).texto;
    }
  }
  const lidas = lerColetor(fonte, layout);
  const codigos = [...new Set(lidas.linhas.map((l) => l.codigo))];
  if (codigos.length > MAX_CODIGOS_RESOLUCAO)
    throw recusar('arquivoId', MSG_COLETOR.muitosCodigos(MAX_CODIGOS_RESOLUCAO));
  const resolvidos = new Map((await resolverCodigos(trx, codigos)).map((c) => [c.codigo, c]));
  const itens: LinhaLidaColetor[] = lidas.linhas.map((l) => {
    const c = resolvidos.get(l.codigo);
    const ok = !!c?.produtoId && !c.motivo;
    return {
      linha: l.linha,
      codigo: l.codigo,
      quantidadeLida: l.quantidade,
      quantidade: ok
        ? Decimal.de(l.quantidade)
            .vezes(c!.fator ?? '1')
            .texto()
        : null,
      produtoId: c?.produtoId ?? null,
      descricao: c?.descricao ?? null,
      unidade: c?.unidade ?? null,
      casasDecimais: c?.casasDecimais ?? null,
      motivo: ok ? null : (c?.motivo ?? MSG_CODIGOS.naoEncontrado),
    };
  });
  return { itens, falhas: lidas.falhas };
}

export async function coletorRoutes(api: FastifyInstance, opts: { db: Database }) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/produto/coletor/layouts',
    {
      config: { access },
      schema: {
        tags: ['produto'],
        summary: 'Layouts de arquivo de coletor da empresa',
        response: { 200: listaLayoutsColetor },
      },
    },
    async (request) => ({ items: await db.withTenant(engineAuthOf(request).assinanteId, layoutsDoAssinante) }),
  );

  montarWorkflows(api, db, [salvarLayoutColetor, excluirLayoutColetor]);

  app.post(
    '/v1/produto/coletor/leituras',
    {
      config: { access },
      schema: {
        tags: ['produto'],
        summary: 'Lê um arquivo de coletor (enviado ou colado) por um layout e resolve os códigos na loja',
        body: entradaLeituraColetor,
        response: { 200: resultadoLeituraColetor, 422: corpoDeErro },
      },
    },
    async (request) => {
      const auth = engineAuthOf(request);
      const e = request.body;
      if (!auth.lojas.includes(e.lojaId)) throw new ApiError(403, MSG_CODIGOS.lojaForaDoEscopo(String(e.lojaId)));
      return db.withTenant(auth.assinanteId, (trx) => lerArquivoDeColetor(trx, e, remetenteDe(authOf(request))));
    },
  );
}
