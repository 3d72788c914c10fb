/**
 * The POS cash operations upload (POST /api/v1/pdv/operacoes-caixa): one command per batch, one transaction,
 * idempotent by the Idempotency-Key header and per operation by its key (store + caixa + sequencial, set-based
 * `on conflict do nothing`). Each operation is read and checked on its own: a malformed one, one of a store out
 * of reach, of an unregistered POS or operator, or a used key with other content gets its own 4xx-shaped
 * result and nothing of it is stored. 422 only when no operation of the batch is valid.
 */
import { createHash } from 'node:crypto';
import {
  comandoOperacoesCaixa,
  conteudoOperacaoCaixa,
  MSG_CAIXA_PDV as MSG,
  type OperacaoCaixaPdv,
  operacaoCaixaPdv,
  type ResultadoOperacaoCaixa,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { bodyOf, falhasDaEntrada } from '../../plugins/errors';
import { defineWorkflow, recusarTudo } from '../../workflows';
import type { ContextoDoComando } from '../../workflows/tipos';

interface Operacao {
  indice: number;
  op: OperacaoCaixaPdv;
  hash: string;
}

interface EstadoCaixa {
  resultados: ResultadoOperacaoCaixa[];
  operacoes: Operacao[];
}

type Ctx = ContextoDoComando<{ operacoes: unknown[] }, EstadoCaixa>;

const chave = (o: Pick<OperacaoCaixaPdv, 'lojaId' | 'numeroCaixa' | 'sequencial'>) =>
  `${o.lojaId}|${o.numeroCaixa}|${o.sequencial}`;
const identidade = (o: OperacaoCaixaPdv) => ({
  lojaId: o.lojaId,
  numeroCaixa: o.numeroCaixa,
  sequencial: o.sequencial,
});

function recusar(ctx: Ctx, indice: number, status: number, mensagem: string, o?: OperacaoCaixaPdv): void {
  ctx.estado.resultados.push({
    indice,
    lojaId: o?.lojaId ?? null,
    numeroCaixa: o?.numeroCaixa ?? null,
    sequencial: o?.sequencial ?? null,
    situacao: 'REJEITADA',
    status,
    mensagem,
    reasons: [mensagem],
  });
}

/** Each operation by the contract; the same key twice in the batch is a resend or a conflict. */
function lerOperacoes(ctx: Ctx): void {
  ctx.auditoria.depois ??= { comando: ctx.nome, operacoes: ctx.entrada.operacoes.length };
  const vistas = new Map<string, string>();
  for (const [indice, bruto] of ctx.entrada.operacoes.entries()) {
    const lido = operacaoCaixaPdv.safeParse(bruto);
    if (!lido.success) {
      const corpo = bodyOf(
        falhasDaEntrada(lido.error.issues.map((i) => ({ ...i, path: ['operacoes', indice, ...i.path] }))),
      );
      ctx.estado.resultados.push({
        indice,
        lojaId: null,
        numeroCaixa: null,
        sequencial: null,
        situacao: 'REJEITADA',
        status: 422,
        ...corpo,
        mensagem: MSG.operacaoInvalida(indice),
      });
      continue;
    }
    const op = lido.data;
    if (!ctx.auth.lojas.includes(op.lojaId)) {
      recusar(ctx, indice, 403, MSG.lojaForaDoEscopo(op.lojaId), op);
      continue;
    }
    const hash = createHash('sha256').update(conteudoOperacaoCaixa(op)).digest('base64url');
    const antes = vistas.get(chave(op));
    if (antes === hash) {
      ctx.estado.resultados.push({ indice, ...identidade(op), situacao: 'DUPLICADA', mensagem: MSG.jaRecebida });
      continue;
    }
    if (antes !== undefined) {
      recusar(ctx, indice, 409, MSG.outroConteudo(op.numeroCaixa, op.sequencial), op);
      continue;
    }
    vistas.set(chave(op), hash);
    ctx.estado.operacoes.push({ indice, op, hash });
  }
}

/** The POS terminal must be registered in its store (a device with that caixa) and the operators known. */
async function validarCadastros(ctx: Ctx): Promise<void> {
  const ops = ctx.estado.operacoes;
  if (!ops.length) return;
  const lojas = [...new Set(ops.map((o) => o.op.lojaId))];
  const pessoas = [...new Set(ops.flatMap((o) => [o.op.funcionarioId, o.op.supervisorId]))].filter(
    (x): x is number => x !== null,
  );
  const { rows: caixas } = await sql<{ k: string }>`
    select loja_id || '|' || numero_caixa as k from dispositivo
     where assinante_id = (select app_assinante()) and loja_id = any(${lojas}::int4[]) and numero_caixa is not null
       and status <> 'REVOGADO'`.execute(ctx.trx);
  const { rows: funcionarios } = await sql<{ id: number }>`
    select id from funcionario where assinante_id = (select app_assinante()) and id = any(${pessoas}::int4[])`.execute(
    ctx.trx,
  );
  const pdvs = new Set(caixas.map((c) => c.k));
  const conhecidos = new Set(funcionarios.map((f) => f.id));
  ctx.estado.operacoes = ops.filter(({ indice, op }) => {
    const desconhecido = [op.funcionarioId, op.supervisorId].find((p) => p !== null && !conhecidos.has(p));
    const falha = !pdvs.has(`${op.lojaId}|${op.numeroCaixa}`)
      ? MSG.pdvNaoCadastrado(op.numeroCaixa)
      : desconhecido != null
        ? MSG.operadorNaoCadastrado(desconhecido)
        : undefined;
    if (falha) recusar(ctx, indice, 422, falha, op);
    return !falha;
  });
}

/** 422 for the whole batch only when none of its operations is valid (nothing to store, nothing to replay). */
function algumaValida(ctx: Ctx): void {
  if (!ctx.estado.operacoes.length && ctx.estado.resultados.every((r) => r.situacao === 'REJEITADA'))
    throw recusarTudo([MSG.nenhumaValida, ...ctx.estado.resultados.flatMap((r) => r.reasons ?? []).slice(0, 50)]);
}

/** Set-based insert; a key already stored answers DUPLICADA (same content) or 409 (other content). */
async function gravar(ctx: Ctx): Promise<void> {
  const ops = ctx.estado.operacoes;
  if (!ops.length) return;
  const col = <T>(f: (o: Operacao) => T) => ops.map(f);
  const { rows: novas } = await sql<{ id: string; k: string }>`
    insert into operacao_caixa_pdv (loja_id, numero_caixa, sequencial, tipo, data, data_hora, funcionario_id,
                                    supervisor_id, valor, observacao, conteudo_hash, dispositivo_id, usuario_id)
    select x.l, x.c, x.s, x.t, x.dh::date, x.dh, x.f, x.sup, x.v, x.obs, x.h, ${ctx.auth.dispositivoId ?? null}::int4,
           ${ctx.auth.usuarioId}::int4
      from unnest(${col((o) => o.op.lojaId)}::int4[], ${col((o) => o.op.numeroCaixa)}::int4[],
                  ${col((o) => o.op.sequencial)}::int8[], ${col((o) => o.op.tipo)}::text[],
                  ${col((o) => o.op.dataHora)}::timestamp[], ${col((o) => o.op.funcionarioId)}::int4[],
                  ${col((o) => o.op.supervisorId)}::int4[], ${col((o) => o.op.valor)}::numeric[],
                  ${col((o) => o.op.observacao)}::text[], ${col((o) => o.hash)}::text[])
           as x(l, c, s, t, dh, f, sup, v, obs, h)
    on conflict (assinante_id, loja_id, numero_caixa, sequencial) do nothing
    returning id::text, loja_id || '|' || numero_caixa || '|' || sequencial as k`.execute(ctx.trx);
  const idDe = new Map(novas.map((n) => [n.k, Number(n.id)]));
  const jaGravadas = ops.filter((o) => !idDe.has(chave(o.op)));
  const { rows: existentes } = jaGravadas.length
    ? await sql<{ k: string; hash: string }>`
        select loja_id || '|' || numero_caixa || '|' || sequencial as k, conteudo_hash as hash from operacao_caixa_pdv
         where assinante_id = (select app_assinante())
           and (loja_id, numero_caixa, sequencial) in (select * from unnest(${jaGravadas.map((o) => o.op.lojaId)}::int4[],
                 ${jaGravadas.map((o) => o.op.numeroCaixa)}::int4[], ${jaGravadas.map((o) => o.op.sequencial)}::int8[]))`.execute(
        ctx.trx,
      )
    : { rows: [] };
  const hashDe = new Map(existentes.map((e) => [e.k, e.hash]));
  for (const { indice, op, hash } of ops) {
    const id = idDe.get(chave(op));
    if (id !== undefined) ctx.estado.resultados.push({ indice, ...identidade(op), situacao: 'ACEITA', id });
    else if (hashDe.get(chave(op)) === hash)
      ctx.estado.resultados.push({ indice, ...identidade(op), situacao: 'DUPLICADA', mensagem: MSG.jaRecebida });
    else recusar(ctx, indice, 409, MSG.outroConteudo(op.numeroCaixa, op.sequencial), op);
  }
}

function resposta(ctx: Ctx) {
  const r = [...ctx.estado.resultados].sort((a, b) => a.indice - b.indice);
  const conta = (s: ResultadoOperacaoCaixa['situacao']) => r.filter((x) => x.situacao === s).length;
  return { aceitas: conta('ACEITA'), duplicadas: conta('DUPLICADA'), rejeitadas: conta('REJEITADA'), resultados: r };
}

export const receberOperacoesCaixa = defineWorkflow(comandoOperacoesCaixa, {
  estadoInicial: (): EstadoCaixa => ({ resultados: [], operacoes: [] }),
  passos: [lerOperacoes, validarCadastros, algumaValida, gravar],
  resposta,
});
