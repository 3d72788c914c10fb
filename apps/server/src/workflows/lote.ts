/**
 * Batches over commands (`POST <caminho do comando>/lote`): the registers' batch protocol
 * (registers/lote.ts: `{items: [{locator, entity}]}` or XML `paramlist` → `{successes, errors}`, 201 when
 * any item was created, 422 when none) over a command. Each item is ONE run of the command
 * (`executarWorkflow`): its own transaction, store loaded and scope-checked, access, locks, audit — so an
 * item is all-or-nothing and a bad one never discards the good ones. Idempotency per item: the batch's
 * `Idempotency-Key` and the item's locator make the item's key, so a batch retried with the same key
 * replays the items already posted (same Location) and runs only the others. At most `LOTE_MAX_COMANDO`
 * items (the SDK's client limit for the inventory count).
 */
import crypto from 'node:crypto';
import { corpoDeErro } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database';
import { authOf } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { loteItemsOf, runLote } from '../registers/lote';
import { acessoDaRota } from './acesso';
import { executarWorkflow } from './executar';
import { chaveValida } from './idempotencia';
import { falhasDaEntrada, MSG_COMANDO, naoEncontrado } from './index';
import { camposDaRota, caminhoDoWorkflow, corpoDoc, falhaNoCaminho, paramsDoCaminho } from './rotas';
import type { QualquerWorkflow } from './tipos';

export const LOTE_MAX_COMANDO = 50;

export const MSG_LOTE = {
  envelope: 'Envie os itens do lote em items: [{ locator, entity }].',
  locatorRepetido: (l: string) => `items: o locator ${l} aparece mais de uma vez.`,
  loteRepetido: 'O lote tem locators repetidos.',
} as const;

const envelope = z.object({
  items: z.array(z.object({ locator: z.string().optional(), entity: z.unknown() })).max(LOTE_MAX_COMANDO),
});
const sucessos = z.array(z.object({ locator: z.string(), location: z.string() }));
const falhas = z.array(z.object({ locator: z.string(), reasons: z.array(z.string()) }));
const resposta = z.object({ successes: sucessos, errors: falhas });
/** no item written (the envelope too), or the batch refused as a whole (the envelope absent) */
const recusa = corpoDeErro.extend({ successes: sucessos.optional(), errors: falhas.optional() });

/** The key of one item: derived from the batch's key and the item's locator (hashed when it would be too long). */
export function chaveDoItem(chaveDoLote: string, locator: string): string {
  const k = `lote:${chaveDoLote}:${locator}`;
  return chaveValida(k) && k.length <= 200 ? k : `lote:${crypto.createHash('sha256').update(k).digest('hex')}`;
}

/** Mounts `POST …/lote` for each command (a command that creates a resource answers each item's Location). */
export function montarLotes(api: FastifyInstance, db: Database, workflows: readonly QualquerWorkflow[]): void {
  for (const wf of workflows) {
    api.post(
      `${caminhoDoWorkflow(wf)}/lote`,
      {
        // a batch of the command: the architecture test counts it as the command's route
        config: { access: acessoDaRota(wf), xml: { entrada: corpoDoc(wf), raiz: 'ResultParamList' }, comando: wf.nome },
        ...(wf.limiteCorpo ? { bodyLimit: wf.limiteCorpo * LOTE_MAX_COMANDO } : {}),
        schema: {
          tags: [wf.area],
          summary: `${wf.resumo} — em lote (até ${LOTE_MAX_COMANDO} itens, cada um à parte)`,
          ...(wf.camposDoCaminho.length ? { params: paramsDoCaminho(wf) } : {}),
          body: envelope,
          response: { 201: resposta, 403: corpoDeErro, 404: corpoDeErro, 422: recusa },
        },
        // the envelope is read by the batch protocol, each entity by the command's contract
        validatorCompiler: () => (data: unknown) => ({ value: data }),
      },
      async (request, reply) => {
        const itens = loteItemsOf(request.body);
        if (!itens) throw new ApiError(422, MSG_LOTE.envelope, ['items: obrigatório.']);
        const repetidos = itens.map((i) => i.locator).filter((l, i, t) => t.indexOf(l) !== i);
        if (repetidos.length) throw new ApiError(422, MSG_LOTE.loteRepetido, repetidos.map(MSG_LOTE.locatorRepetido));
        const header = request.headers['idempotency-key'];
        const chave = Array.isArray(header) ? header[0] : header;
        if (chave !== undefined && !chaveValida(chave)) throw new ApiError(400, MSG_COMANDO.chaveInvalida);
        const auth = authOf(request);
        const doCaminho = camposDaRota(wf, request.params);
        const um = async (entity: unknown, locator: string) => {
          const parsed = (wf.entrada as z.ZodType).safeParse({ ...(entity as object), ...doCaminho });
          if (!parsed.success) {
            if (falhaNoCaminho(wf, parsed.error.issues)) throw naoEncontrado();
            throw falhasDaEntrada(parsed.error.issues);
          }
          const r = await executarWorkflow(db, wf, {
            entrada: parsed.data,
            auth,
            requestId: request.id,
            chave: chave === undefined ? undefined : chaveDoItem(chave, locator),
            log: request.log,
          });
          return r.location ?? request.url.split('?')[0]!.replace(/\/lote\/?$/, '');
        };
        const r = await runLote(itens, um, LOTE_MAX_COMANDO);
        return reply.code(r.status).send(r.body);
      },
    );
  }
}
