/**
 * Order status notifications to a store's delivery app (domain §7 `integracaoDelivery`): every move of an
 * order of a store with the integration on enqueues, in the move's transaction (outbox: a rollback sends
 * nothing), a job on the `webhook` queue (more retries, growing delay); the job POSTs the order's new status,
 * signed with the store's secret (`X-Retaguarda-Assinatura: sha256=<HMAC of the body>`), and logs each
 * attempt in entrega_webhook_pedido (read by GET …/pedidos/{id}/entregas-webhook).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { EtapaPedido, StatusPedido } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { lerParametro, lerParametroNaTransacao } from '../../configuracoes';
import { defineJob, FalhaDefinitiva, tarefasDe } from '../../jobs';
import { loadConfig } from '../../config';
import { type ChaveDeSegredos, chaveDeSegredos, guardarSegredo, lerSegredo } from '../../http/upload';
import type { ContextoDoComando } from '../../workflows';

export const TAREFA_WEBHOOK_PEDIDO = 'venda.pedido-webhook';

interface DadosWebhook {
  pedidoId: number;
  lojaId: number;
  idExterno: string | null;
  etapa: EtapaPedido;
  status: StatusPedido;
  versao: number;
  /** when the move happened (ISO, UTC) */
  em: string;
}

/**
 * A move's notification, when the order's store has the integration on and an address: both read from the
 * instance's settings cache (invalidated on every change, on every instance), not by two reads per order.
 */
export async function enfileirarWebhook(
  ctx: Pick<ContextoDoComando<unknown, unknown>, 'trx' | 'db' | 'assinanteId'>,
  d: Omit<DadosWebhook, 'em'>,
): Promise<void> {
  if (!(await lerParametro(ctx.db, ctx.assinanteId, 'venda.integracaoDelivery', d.lojaId))) return;
  if (!(await lerParametro(ctx.db, ctx.assinanteId, 'venda.deliveryUrl', d.lojaId))) return;
  await tarefasDe(ctx.db).enviarNa(
    ctx.trx,
    TAREFA_WEBHOOK_PEDIDO,
    { ...d, em: new Date().toISOString() },
    {
      assinanteId: ctx.assinanteId,
      // nobody's task list: the delivery log on the order shows it
      usuarioId: null,
      titulo: `Envio do pedido ${d.pedidoId} ao app de delivery`,
    },
  );
}

/**
 * The store's signing secret, sealed in segredo_arquivo (AES-256-GCM, key SEGREDOS_CHAVE or DATA_DIR/secrets.json,
 * never in the database) like the other secrets, one per store: a plain setting would be readable by every
 * settings read, dump and audit row.
 */
const FINALIDADE = 'venda.webhook';
let chave: ChaveDeSegredos | undefined;
const chaveDoProcesso = () => {
  chave ??= chaveDeSegredos(loadConfig().dataDir);
  return chave;
};

export async function guardarSegredoWebhook(trx: Tx, lojaId: number, segredo: string, usuarioId: number | null) {
  await sql`delete from segredo_arquivo where finalidade = ${FINALIDADE} and nome = ${`loja:${lojaId}`}`.execute(trx);
  await guardarSegredo(trx, chaveDoProcesso(), {
    finalidade: FINALIDADE,
    nome: `loja:${lojaId}`,
    conteudo: Buffer.from(segredo, 'utf8'),
    criadoPor: usuarioId,
  });
}

/** The store's secret, or '' when none was defined (the notification goes unsigned by a secret then). */
export async function lerSegredoWebhook(trx: Tx, lojaId: number): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id::text as id from segredo_arquivo
    where finalidade = ${FINALIDADE} and nome = ${`loja:${lojaId}`} order by criado_em desc limit 1`.execute(trx);
  if (!rows[0]) return '';
  return (await lerSegredo(trx, chaveDoProcesso(), rows[0].id))?.conteudo.toString('utf8') ?? '';
}

/** A secret for a store that did not bring its own: 32 random bytes, hex. */
export const novoSegredo = () => randomBytes(32).toString('hex');

export const assinatura = (segredo: string, corpo: string) =>
  `sha256=${createHmac('sha256', segredo).update(corpo).digest('hex')}`;

async function registrar(
  trx: Tx,
  d: DadosWebhook,
  url: string,
  tentativa: number,
  http: number | null,
  erro: string | null,
) {
  await sql`insert into entrega_webhook_pedido (pedido_id, etapa, status, versao, url, tentativa, status_http, erro)
    values (${d.pedidoId}, ${d.etapa}, ${d.status}, ${d.versao}, ${url}, ${tentativa}, ${http}::int4, ${erro})`.execute(
    trx,
  );
}

export const tarefaWebhookPedido = defineJob<DadosWebhook, { statusHttp: number }>({
  tipo: TAREFA_WEBHOOK_PEDIDO,
  fila: 'webhook',
  async executar(ctx) {
    const d = ctx.dados;
    const { url, segredo } = await ctx.db.withTenant(ctx.assinanteId, async (trx) => ({
      url: await lerParametroNaTransacao(trx, 'venda.deliveryUrl', d.lojaId),
      segredo: await lerSegredoWebhook(trx, d.lojaId),
    }));
    if (!url) throw new FalhaDefinitiva('a loja não tem mais o endereço do app de delivery');
    const corpo = JSON.stringify({ evento: 'pedido.status', ...d });
    let http: number | null = null;
    let erro: string | null = null;
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-retaguarda-evento': 'pedido.status',
          'x-retaguarda-assinatura': assinatura(segredo, corpo),
          'idempotency-key': `pedido-${d.pedidoId}-v${d.versao}`,
        },
        body: corpo,
        signal: AbortSignal.any([ctx.sinal, AbortSignal.timeout(10_000)]),
      });
      http = r.status;
      if (!r.ok) erro = `o app de delivery respondeu ${r.status}`;
    } catch (e) {
      erro =
        (e as Error).name === 'TimeoutError'
          ? 'o app de delivery não respondeu em 10 segundos'
          : 'não foi possível conectar ao app de delivery';
    }
    await ctx.db.withTenant(ctx.assinanteId, (trx) => registrar(trx, d, url, ctx.tentativa, http, erro));
    // a refusal or a network failure: pg-boss retries with backoff
    if (erro) throw new Error(erro);
    return { statusHttp: http! };
  },
});
