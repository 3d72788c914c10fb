/**
 * Runs a command: one transaction with the tenant set → the store loaded and scope-checked → idempotency
 * key reserved (or the stored answer replayed) → advisory locks → the steps in order → the answer
 * encoded → one audit row and the idempotency row → commit → after-commit actions. Any throw rolls
 * everything back (the rollback is the compensation). A preview runs the same and rolls back.
 */
import { caminhoDaTarefa, localDoCriado, zonaDaLoja } from '@retaguarda/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type AuditEntry, audit } from '../db/audit';
import { afterCommit, type Database, type Tx } from '../db/database';
import { tarefasDe } from '../jobs/motor';
import { type AuthContext, enforce } from '../plugins/auth';
import { publicar } from '../plugins/events';
import { MSG_COMANDO, mapearErroDoBanco, naoEncontrado, proibido } from '../plugins/errors';
import { gravar, hashDaEntrada, type Resposta, reservar } from './idempotencia';
import type { AcaoDepoisDoCommit, ContextoDoComando, LojaDoComando, LojaDoRecurso, QualquerWorkflow } from './tipos';
import { travar } from './trava';
import { acessoDaRota } from './acesso';
import { conferirDataAntiga } from './data-antiga';

export interface Execucao {
  /** the validated input (z.output of the contract) */
  entrada: unknown;
  auth: AuthContext;
  requestId?: string | null;
  previa?: boolean;
  /** the Idempotency-Key header, when sent */
  chave?: string;
  log?: FastifyBaseLogger;
}

export interface Resultado extends Resposta {
  repetido: boolean;
  previa: boolean;
}

/** Thrown to roll a preview back while carrying its answer out of the transaction. */
class Previa extends Error {
  constructor(readonly resposta: Resposta) {
    super('previa');
  }
}

async function carregarLoja(trx: Tx, auth: AuthContext, lojaId: number): Promise<LojaDoComando> {
  const { rows } = await sql<{ id: number; sigla: string; fantasia: string; uf: string; codigoIbge: string | null }>`
    select id, sigla, fantasia, uf, codigo_ibge from loja where id = ${lojaId}`.execute(trx);
  const linha = rows[0];
  if (!linha) throw naoEncontrado(MSG_COMANDO.lojaNaoEncontrada);
  if (!auth.lojas.includes(linha.id)) throw proibido(MSG_COMANDO.lojaForaDoEscopo(linha));
  const { fantasia: _nome, ...loja } = linha;
  return { ...loja, zona: zonaDaLoja(loja) };
}

/**
 * A member command's store (`loja: { recurso }` on its face): the resource's row, locked `for update` (a
 * second command on it waits, then sees what the first did); 404 unless the user holds its store or the
 * `visivelPor` one, 403 unless the user holds its store.
 */
async function lojaDoRecurso(trx: Tx, auth: AuthContext, r: LojaDoRecurso, entrada: unknown): Promise<number> {
  const id = (entrada as Record<string, unknown>)[r.parametro];
  const { rows } = await sql<{ loja: number; outra: number | null }>`
    select ${sql.ref(r.colunaLoja)} as loja, ${r.visivelPor ? sql.ref(r.visivelPor) : sql`null::int4`} as outra
      from ${sql.table(r.recurso)} where id = ${id} for update`.execute(trx);
  const row = rows[0];
  if (!row || !(auth.lojas.includes(row.loja) || (row.outra !== null && auth.lojas.includes(row.outra))))
    throw naoEncontrado(r.naoEncontrado);
  if (!auth.lojas.includes(row.loja)) throw proibido(r.foraDoEscopo);
  return row.loja;
}

/**
 * A natural key (document number) is the tenant's; an Idempotency-Key header is its sender's (user or
 * integration key or device), so another caller's retry with the same header never replays an answer meant for
 * someone else (a command whose store comes from the document is checked only by its steps).
 */
function chaveDe(
  wf: QualquerWorkflow,
  entrada: unknown,
  header: string | undefined,
  auth: AuthContext,
): { chave: string; natural: boolean } | undefined {
  if (typeof wf.idempotencia === 'function') return { chave: wf.idempotencia(entrada), natural: true };
  if (header === undefined || wf.idempotencia === 'nenhuma') return undefined;
  // a device has its own key space, or every terminal of the tenant would share one (`k0`)
  const dono =
    auth.usuarioId !== null
      ? `u${auth.usuarioId}`
      : auth.dispositivoId != null
        ? `d${auth.dispositivoId}`
        : `k${auth.apiKeyId ?? 0}`;
  return { chave: `${dono}:${header}`, natural: false };
}

export async function executarWorkflow(db: Database, wf: QualquerWorkflow, ex: Execucao): Promise<Resultado> {
  const { auth } = ex;
  // also when called outside HTTP (a job, an import); the path's id names the user of an own-record command
  const id = wf.idDoCaminho ? (ex.entrada as Record<string, unknown> | null)?.[wf.idDoCaminho] : undefined;
  enforce(acessoDaRota(wf), auth, { id });
  const previa = ex.previa === true;
  const idem = previa ? undefined : chaveDe(wf, ex.entrada, ex.chave, auth);
  const hash = idem ? hashDaEntrada(ex.entrada) : '';
  const posCommit: AcaoDepoisDoCommit<unknown, unknown>[] = [...(wf.depoisDoCommit ?? [])];
  let resultado: unknown;
  try {
    const resposta = await db.withTenant(
      auth.assinanteId,
      async (trx) => {
        // the store first: a replay answers only a caller who may act on that store
        const lojaId = wf.lojaDoRecurso
          ? await lojaDoRecurso(trx, auth, wf.lojaDoRecurso, ex.entrada)
          : wf.loja?.(ex.entrada);
        const loja = lojaId !== undefined ? await carregarLoja(trx, auth, lojaId) : undefined;
        if (loja) conferirDataAntiga(wf.entrada, ex.entrada, loja.zona);
        if (idem) {
          const anterior = await reservar(trx, wf.nome, idem.chave, hash, idem.natural);
          if (anterior) return { ...anterior, repetido: true };
        }
        if (wf.lock) await travar(trx, auth.assinanteId, wf.lock(ex.entrada));
        const tarefas: string[] = [];
        const ctx: ContextoDoComando<unknown, unknown> = {
          nome: wf.nome,
          trx,
          db,
          entrada: ex.entrada,
          auth,
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          requestId: ex.requestId ?? null,
          previa,
          get loja(): LojaDoComando {
            if (!loja) throw new Error(`o comando ${wf.nome} não declara loja`);
            return loja;
          },
          estado: wf.estadoInicial(),
          auditoria: {},
          depoisDoCommit: (acao) => posCommit.push(acao),
          publicar: (evento) => publicar(trx, evento),
          enfileirar: async (tipo, dados, opcoes = {}) => {
            const quem = { assinanteId: auth.assinanteId, usuarioId: auth.usuarioId };
            const id = await tarefasDe(db).enviarNa(trx, tipo, dados, { ...opcoes, ...quem });
            tarefas.push(id);
            return id;
          },
        };
        for (const passo of wf.passos) await passo(ctx);
        resultado = await wf.resposta(ctx);
        const corpo = JSON.stringify(z.encode(wf.saida, resultado as never));
        const r = respostaDe(wf, resultado, corpo, tarefas, ex.entrada);
        if (previa) throw new Previa(r);
        const a = ctx.auditoria;
        const registro: AuditEntry = {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          lojaId: loja?.id ?? null,
          entidade: a.entidade ?? wf.nome,
          entidadeId: a.entidadeId ?? null,
          operacao: a.operacao ?? 'OUTRO',
          antes: a.antes,
          depois: a.depois ?? { comando: wf.nome, entrada: ex.entrada },
          requestId: ex.requestId,
        };
        // the audit row and the stored answer in one statement when there is a key (one round trip fewer)
        if (idem) await gravar(trx, wf.nome, idem.chave, r, registro);
        else await audit(trx, registro);
        afterCommit(trx, () => depoisDoCommit(db, wf, ex, resultado, posCommit));
        return { ...r, repetido: false };
      },
      // set with the tenant in the transaction's first statement (one round trip fewer per command)
      { lockTimeoutMs: 30_000 },
    );
    return { ...resposta, previa: false };
  } catch (err) {
    if (err instanceof Previa) return { ...err.resposta, repetido: false, previa: true };
    return mapearErroDoBanco(err);
  }
}

/** 200; a creation 201 + Location of the new resource; a command answering with a job 202 + the job's Location. */
function respostaDe(
  wf: QualquerWorkflow,
  resultado: unknown,
  corpo: string,
  tarefas: string[],
  entrada: unknown,
): Resposta {
  if (wf.responde === 'tarefa') {
    if (tarefas.length !== 1) throw new Error(`${wf.nome}: responde com tarefa e enfileirou ${tarefas.length}`);
    return { status: 202, corpo, location: caminhoDaTarefa(tarefas[0]!) };
  }
  if (!wf.criaRecurso) return { status: 200, corpo };
  const id = wf.criaRecurso(resultado);
  return id === null ? { status: 201, corpo } : { status: 201, corpo, location: localDoCriado(wf.face, id, entrada) };
}

/** After-commit actions run one by one; a failure is logged, never turned into an error of the committed command. */
function depoisDoCommit(
  db: Database,
  wf: QualquerWorkflow,
  ex: Execucao,
  resultado: unknown,
  acoes: AcaoDepoisDoCommit<unknown, unknown>[],
): void {
  const ctx = {
    nome: wf.nome,
    db,
    assinanteId: ex.auth.assinanteId,
    usuarioId: ex.auth.usuarioId,
    requestId: ex.requestId ?? null,
    entrada: ex.entrada,
    resultado,
    log: ex.log,
  };
  void (async () => {
    for (const acao of acoes) {
      try {
        await acao(ctx);
      } catch (err) {
        ex.log?.error({ err, comando: wf.nome }, 'ação pós-commit falhou');
      }
    }
  })();
}
