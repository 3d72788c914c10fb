/**
 * Device registration commands on their domain faces: the store's QR token (stored as a hash, shown once),
 * the registration that consumes it (one statement: two concurrent registrations get one credential), and
 * block / unblock / revoke. The store's licence limit (`administrativo.limiteDispositivos`) is checked under
 * the store's lock, so two registrations never both take the last seat.
 */
import {
  cabeNaLicenca,
  comandoBloquearDispositivo,
  comandoDesbloquearDispositivo,
  comandoRegistroDispositivo,
  comandoRevogarDispositivo,
  comandoTokenDispositivo,
  EVENTO_DISPOSITIVOS_ALTERADOS,
  type EntradaRegistroDispositivo,
  falhaDeCampo,
  MSG_DISPOSITIVO,
  podeTransitar,
  type StatusDispositivo,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { lerParametroNaTransacao } from '../../configuracoes';
import type { Tx } from '../../db/database';
import { randomToken, sha256, TOKEN_PREFIX } from '../../plugins/auth/tokens';
import { ApiError } from '../../plugins/errors';
import { eventoDeArea } from '../../plugins/events';
import { type ContextoDoComando, conflito, defineWorkflow, recusar, travar } from '../../workflows';
import { COLUNAS_DISPOSITIVO, type LinhaDispositivo } from './dispositivos.consulta';

const chaveDaLoja = (lojaId: number) => `dispositivos:loja:${lojaId}`;

// ---------- QR token ----------

interface EstadoToken {
  token: string;
  linha?: { id: number; lojaId: number; criadoEm: Date; expiraEm: Date };
}

async function gravarToken(ctx: ContextoDoComando<{ lojaId: number }, EstadoToken>): Promise<void> {
  const minutos = await lerParametroNaTransacao(ctx.trx, 'administrativo.validadeQrDispositivo');
  const { rows } = await sql<NonNullable<EstadoToken['linha']>>`
    insert into dispositivo_token (loja_id, token_hash, expira_em, criado_por)
    values (${ctx.entrada.lojaId}, ${sha256(ctx.estado.token)}, now() + make_interval(mins => ${minutos}), ${ctx.usuarioId})
    returning id::int as id, loja_id, criado_em, expira_em`.execute(ctx.trx);
  ctx.estado.linha = rows[0]!;
  ctx.auditoria = {
    entidade: 'dispositivoToken',
    entidadeId: rows[0]!.id,
    operacao: 'INCLUSAO',
    depois: { lojaId: ctx.entrada.lojaId, expiraEm: rows[0]!.expiraEm },
  };
}

export const gerarTokenDispositivo = defineWorkflow(comandoTokenDispositivo, {
  estadoInicial: (): EstadoToken => ({ token: randomToken(TOKEN_PREFIX.qr, 18) }),
  passos: [gravarToken],
  resposta: (ctx) => {
    const l = ctx.estado.linha!;
    return { ...l, token: ctx.estado.token };
  },
});

// ---------- registration ----------

type Entrada = z.output<typeof comandoRegistroDispositivo.entrada>;
interface EstadoRegistro {
  credencial: string;
  lojaId?: number;
  id?: number;
}

/** The token is consumed by the statement that checks it: unknown, used or expired tokens match nothing. */
async function consumirToken(ctx: ContextoDoComando<Entrada, EstadoRegistro>): Promise<void> {
  const { rows } = await sql<{ id: number; lojaId: number }>`
    update dispositivo_token set usado_em = now()
     where token_hash = ${sha256(ctx.entrada.token)} and usado_em is null and expira_em > now()
     returning id::int as id, loja_id`.execute(ctx.trx);
  if (!rows[0])
    throw new ApiError(422, MSG_DISPOSITIVO.tokenInvalido, [falhaDeCampo('token', MSG_DISPOSITIVO.tokenInvalido)]);
  ctx.estado.lojaId = rows[0].lojaId;
  await travar(ctx.trx, ctx.assinanteId, chaveDaLoja(rows[0].lojaId));
}

async function ativosDaLoja(trx: Tx, lojaId: number, excetoId?: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from dispositivo
    where loja_id = ${lojaId} and status = 'ATIVO' and id <> ${excetoId ?? 0}`.execute(trx);
  return rows[0]!.n;
}

async function conferirLicenca(trx: Tx, lojaId: number, excetoId?: number): Promise<void> {
  const limite = await lerParametroNaTransacao(trx, 'administrativo.limiteDispositivos', lojaId);
  if (!cabeNaLicenca(await ativosDaLoja(trx, lojaId, excetoId), limite))
    throw new ApiError(422, MSG_DISPOSITIVO.limiteAtingido(limite));
}

async function conferirLicencaDoRegistro(ctx: ContextoDoComando<Entrada, EstadoRegistro>): Promise<void> {
  await conferirLicenca(ctx.trx, ctx.estado.lojaId!);
}

async function conferirUnicos(
  trx: Tx,
  lojaId: number,
  e: Pick<EntradaRegistroDispositivo, 'identificador' | 'numeroCaixa'>,
  excetoId = 0,
) {
  const { rows } = await sql<{ identificador: string; numeroCaixa: number | null }>`
    select identificador, numero_caixa from dispositivo
     where loja_id = ${lojaId} and status <> 'REVOGADO' and id <> ${excetoId}
       and (identificador = ${e.identificador} or numero_caixa = ${e.numeroCaixa ?? null})`.execute(trx);
  if (rows.some((r) => r.identificador === e.identificador))
    throw recusar('identificador', MSG_DISPOSITIVO.identificadorEmUso);
  if (e.numeroCaixa != null && rows.some((r) => r.numeroCaixa === e.numeroCaixa))
    throw recusar('numeroCaixa', MSG_DISPOSITIVO.caixaEmUso(e.numeroCaixa));
}

async function gravarDispositivo(ctx: ContextoDoComando<Entrada, EstadoRegistro>): Promise<void> {
  const e = ctx.entrada;
  const lojaId = ctx.estado.lojaId!;
  await conferirUnicos(ctx.trx, lojaId, e);
  const credencial = ctx.estado.credencial;
  const { rows } = await sql<{ id: number }>`
    insert into dispositivo (loja_id, identificador, nome, tipo, fabricante, modelo, sistema_operacional, versao_app,
                             numero_caixa, credencial_hash, prefixo)
    values (${lojaId}, ${e.identificador}, ${e.nome}, ${e.tipo}, ${e.fabricante ?? null}, ${e.modelo ?? null},
            ${e.sistemaOperacional ?? null}, ${e.versaoApp ?? null}, ${e.tipo === 'POS_ANDROID' ? e.numeroCaixa! : (e.numeroCaixa ?? null)},
            ${sha256(credencial)}, ${credencial.slice(0, TOKEN_PREFIX.dispositivo.length + 6)})
    returning id::int as id`.execute(ctx.trx);
  const id = rows[0]!.id;
  ctx.estado.id = id;
  await sql`update dispositivo_token set dispositivo_id = ${id} where token_hash = ${sha256(e.token)}`.execute(ctx.trx);
  ctx.auditoria = {
    entidade: 'dispositivo',
    entidadeId: id,
    operacao: 'INCLUSAO',
    depois: { lojaId, nome: e.nome, tipo: e.tipo, identificador: e.identificador, numeroCaixa: e.numeroCaixa ?? null },
  };
  ctx.publicar(
    eventoDeArea(
      EVENTO_DISPOSITIVOS_ALTERADOS,
      { assinanteId: ctx.assinanteId, lojaId },
      {
        lojaId,
        dispositivoId: id,
        status: 'ATIVO',
        novo: true,
      },
    ),
  );
}

export const registrarDispositivo = defineWorkflow(comandoRegistroDispositivo, {
  estadoInicial: (): EstadoRegistro => ({ credencial: randomToken(TOKEN_PREFIX.dispositivo) }),
  passos: [consumirToken, conferirLicencaDoRegistro, gravarDispositivo],
  resposta: (ctx) => ({ dispositivoId: ctx.estado.id!, lojaId: ctx.estado.lojaId!, credencial: ctx.estado.credencial }),
});

// ---------- block / unblock / revoke ----------

interface EstadoStatus {
  linha?: LinhaDispositivo;
}

function mudarStatus(para: StatusDispositivo) {
  return async (ctx: ContextoDoComando<{ id: number }, EstadoStatus>): Promise<void> => {
    const { rows } =
      await sql<LinhaDispositivo>`select ${sql.raw(COLUNAS_DISPOSITIVO)} from dispositivo where id = ${ctx.entrada.id}`.execute(
        ctx.trx,
      );
    const atual = rows[0]!;
    if (atual.status === 'REVOGADO') throw conflito(MSG_DISPOSITIVO.jaRevogado);
    if (!podeTransitar(atual.status, para)) throw conflito(MSG_DISPOSITIVO.transicao(atual.status, para));
    if (para === 'ATIVO') {
      await travar(ctx.trx, ctx.assinanteId, chaveDaLoja(atual.lojaId));
      await conferirLicenca(ctx.trx, atual.lojaId, atual.id);
    }
    const { rows: depois } = await sql<LinhaDispositivo>`
      update dispositivo set status = ${para}, status_em = now(), status_por = ${ctx.usuarioId}, versao = versao + 1
       where id = ${atual.id} returning ${sql.raw(COLUNAS_DISPOSITIVO)}`.execute(ctx.trx);
    ctx.estado.linha = depois[0]!;
    ctx.auditoria = {
      entidade: 'dispositivo',
      entidadeId: atual.id,
      operacao: 'ALTERACAO',
      antes: { status: atual.status },
      depois: { status: para },
    };
    // the device itself hears it too (and is disconnected when blocked or revoked)
    ctx.publicar({ tipo: 'dispositivo', assinanteId: ctx.assinanteId, dispositivoId: atual.id, status: para });
    ctx.publicar(
      eventoDeArea(
        EVENTO_DISPOSITIVOS_ALTERADOS,
        { assinanteId: ctx.assinanteId, lojaId: atual.lojaId },
        {
          lojaId: atual.lojaId,
          dispositivoId: atual.id,
          status: para,
          novo: false,
        },
      ),
    );
  };
}

const resposta = (ctx: { estado: EstadoStatus }) => ctx.estado.linha!;

export const bloquearDispositivo = defineWorkflow(comandoBloquearDispositivo, {
  estadoInicial: (): EstadoStatus => ({}),
  passos: [mudarStatus('BLOQUEADO')],
  resposta,
});
export const desbloquearDispositivo = defineWorkflow(comandoDesbloquearDispositivo, {
  estadoInicial: (): EstadoStatus => ({}),
  passos: [mudarStatus('ATIVO')],
  resposta,
});
export const revogarDispositivo = defineWorkflow(comandoRevogarDispositivo, {
  estadoInicial: (): EstadoStatus => ({}),
  passos: [mudarStatus('REVOGADO')],
  resposta,
});
