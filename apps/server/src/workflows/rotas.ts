/**
 * Mounts commands as routes (called by the area plugin): POST /api/v1/<area>/<recurso>/:id/<acao>, or
 * POST /api/v1/<area>/<recurso> for a command that creates a document (201 + Location); a command that answers
 * with a job (`responde: 'tarefa'`) gives 202 + Location `/api/v1/tarefas/{id}`.
 * `?previa=true` runs the command and rolls it back (200, header `Previa: true`, the answer it would give);
 * `Idempotency-Key` replays the first answer (same status, body, Location; header `Idempotent-Replayed: true`).
 */
import { corpoDeErro } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { type AuthContext, authOf } from '../plugins/auth';
import { assinanteOf } from '../plugins/tenant';
import { ApiError } from '../plugins/errors';
import { declararRaizXml, type FaceXml } from '../plugins/xml';
import { acessoDaRota } from './acesso';
import { falhasDaEntrada, MSG_COMANDO, naoEncontrado } from '../plugins/errors';
import { executarWorkflow } from './executar';
import { chaveValida } from './idempotencia';
import type { QualquerWorkflow } from './tipos';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the name of the command a route serves (the architecture test lists writes by it) */
    comando?: string;
  }
}

const consulta = z.object({
  previa: z.enum(['true', 'false']).optional().describe('true: executa e desfaz, respondendo o que seria feito'),
});

/** The path of a command under the `/api` prefix, from its face (`{chave}` → `:chave`). */
export function caminhoDoWorkflow(wf: Pick<QualquerWorkflow, 'caminho'>): string {
  return wf.caminho.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
}

/** The fields the path fills (`{id}` → `idDoCaminho`, any other `{x}` → `x`). */
const camposDe = (wf: Pick<QualquerWorkflow, 'camposDoCaminho' | 'idDoCaminho'>): string[] =>
  wf.camposDoCaminho?.map((p) => p.campo) ?? (wf.idDoCaminho ? [wf.idDoCaminho] : []);

/**
 * The body schema shown in /api/docs: the input without the fields the path fills. Built from the plain
 * shape, so an input with cross-field refinements (which zod's `.omit()` refuses) documents just as well.
 */
export function corpoDoc(wf: QualquerWorkflow): z.ZodType {
  const campos = camposDe(wf);
  if (campos.length && wf.entrada instanceof z.ZodObject) {
    const forma = wf.entrada.shape as Record<string, z.ZodType>;
    return z.object(Object.fromEntries(Object.entries(forma).filter(([k]) => !campos.includes(k))));
  }
  return wf.entrada;
}

/** The params schema of the route: every path parameter, as text. */
export const paramsDoCaminho = (wf: QualquerWorkflow) =>
  z.object(Object.fromEntries(wf.camposDoCaminho.map((p) => [p.parametro, z.string()])));

/**
 * The input fields the path fills, from the request's params: a parameter is a number when its text is an
 * integer that the field takes as a number (ids), else the text (a key, a name, a uuid).
 */
export function camposDaRota(wf: QualquerWorkflow, params: unknown): Record<string, unknown> {
  const forma = wf.entrada instanceof z.ZodObject ? (wf.entrada.shape as Record<string, z.ZodType>) : undefined;
  const valores = (params ?? {}) as Record<string, string>;
  return Object.fromEntries(
    wf.camposDoCaminho.map(({ parametro, campo }) => {
      const texto = valores[parametro] ?? '';
      const numero = /^\d{1,15}$/.test(texto) ? Number(texto) : undefined;
      const aceita = numero !== undefined && (!forma?.[campo] || forma[campo].safeParse(numero).success);
      return [campo, aceita ? numero : texto];
    }),
  );
}

/** A path parameter the contract refuses identifies nothing: 404 rather than 422. */
export const falhaNoCaminho = (wf: QualquerWorkflow, issues: readonly { path: readonly PropertyKey[] }[]): boolean =>
  issues.some((i) => camposDe(wf).includes(String(i.path[0])));

const maiuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The XML root of a command's answer: the resource it creates in the singular (`ajustes` → `Ajuste`), or its action. */
export function raizXmlDe(wf: Pick<QualquerWorkflow, 'recurso' | 'acao' | 'criaRecurso' | 'raizXml'>): string {
  if (wf.raizXml) return wf.raizXml;
  const nome = wf.acao && !wf.criaRecurso ? wf.acao : wf.recurso.replace(/s$/, '');
  return maiuscula(nome.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()));
}

export function montarWorkflows(api: FastifyInstance, db: Database, workflows: readonly QualquerWorkflow[]): void {
  const app = api.withTypeProvider<ZodTypeProvider>();
  for (const wf of workflows) {
    // a job to follow (202, Location of the job), a created resource (201), or the result (200)
    const ok = wf.responde === 'tarefa' ? 202 : wf.criaRecurso ? 201 : 200;
    const xml: FaceXml = { entrada: corpoDoc(wf), raiz: raizXmlDe(wf) };
    // reads under the create's path answer under its root (not when the created resource is read elsewhere)
    if (wf.criaRecurso && !wf.idDoCaminho && !wf.face.localDoRecurso)
      declararRaizXml(`${api.prefix}${caminhoDoWorkflow(wf)}`, xml.raiz);
    app.route({
      method: wf.metodo,
      url: caminhoDoWorkflow(wf),
      ...(wf.limiteCorpo ? { bodyLimit: wf.limiteCorpo } : {}),
      config: { access: acessoDaRota(wf), xml, comando: wf.nome },
      schema: {
        tags: [wf.area],
        summary: wf.resumo,
        querystring: consulta,
        ...(wf.camposDoCaminho.length ? { params: paramsDoCaminho(wf) } : {}),
        body: corpoDoc(wf),
        response: {
          [ok]: wf.saida,
          200: wf.saida,
          403: corpoDeErro,
          404: corpoDeErro,
          409: corpoDeErro,
          422: corpoDeErro,
        },
      },
      // the body is validated below, with the path id merged into it, by the command's own schema
      validatorCompiler: (opts) =>
        opts.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(opts as never),
      handler: async (request, reply) => {
        const previa = (request.query as { previa?: string }).previa === 'true';
        const header = request.headers['idempotency-key'];
        const chave = Array.isArray(header) ? header[0] : header;
        if (chave !== undefined && !chaveValida(chave)) throw new ApiError(400, MSG_COMANDO.chaveInvalida);
        const body =
          wf.corpoEmLista && Array.isArray(request.body) ? { [wf.corpoEmLista]: request.body } : (request.body ?? {});
        const bruto =
          wf.camposDoCaminho.length && body && typeof body === 'object' && !Array.isArray(body)
            ? { ...body, ...camposDaRota(wf, request.params) }
            : body;
        const parsed = (wf.entrada as z.ZodType).safeParse(bruto);
        if (!parsed.success) {
          if (falhaNoCaminho(wf, parsed.error.issues)) throw naoEncontrado();
          throw falhasDaEntrada(parsed.error.issues);
        }
        const r = await executarWorkflow(db, wf, {
          entrada: parsed.data,
          // a public command (a device's registration) runs as nobody of its tenant: its body is its credential
          auth: wf.acesso && 'publico' in wf.acesso ? (request.auth ?? anonimo(request)) : authOf(request),
          requestId: request.id,
          previa,
          chave,
          log: request.log,
        });
        if (r.repetido) reply.header('Idempotent-Replayed', 'true');
        if (r.previa) reply.header('Previa', 'true');
        if (r.location && !r.previa) reply.header('Location', r.location);
        return reply
          .code(r.previa ? 200 : r.status)
          .type('application/json; charset=utf-8')
          .send(r.corpo);
      },
    });
  }
}

/** The caller of a public command: the tenant of the Host, no user, no permission, no store. */
function anonimo(request: FastifyRequest): AuthContext {
  const assinante = assinanteOf(request);
  return {
    assinanteId: assinante.id,
    usuarioId: null,
    username: 'anônimo',
    sessaoId: null,
    apiKeyId: null,
    administrador: false,
    tipoCliente: assinante.tipoCliente === 'BOTICARIO' ? 'BOTICARIO' : 'TODOS',
    permissoes: new Set(),
    lojas: [],
    lojaPrincipal: null,
  };
}
