/**
 * Steps of the NFC-e actions: each reads the note in the command's store (locked), checks the transition
 * table, the store's SEFAZ readiness (endpoint, certificate in force, no 656 block) and its own rules
 * (motivo ≥ 15 characters of aplicação CUPOM_NFCE, the UF's deadline, a range without authorised numbers),
 * then records the attempt and enqueues, in the same transaction, the job that talks to SEFAZ.
 */
import {
  type AcaoNfce,
  chaveAcessoValida,
  dentroDoPrazoDeCancelamento,
  type EntradaAcaoNfce,
  type EntradaCancelarNfce,
  type EntradaInutilizarFaixa,
  MIN_JUSTIFICATIVA_SEFAZ,
  MSG_NFCE_ACOES as MSG,
  podeAplicar,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { lerParametroNaTransacao } from '../../configuracoes';
import { type ContextoDoComando, conflito, naoEncontrado, recusar } from '../../workflows';
import { type Documento, lerDocumento, registrarTentativa, TIPO_EVENTO } from './nfce-sefaz.troca';
import { TAREFA_ACAO_NFCE, TAREFA_CONTINGENCIAS_NFCE, TAREFA_INUTILIZACAO_NFCE } from './nfce-sefaz.tarefas';
import { ErroCertificado, exigirVigente } from './sefaz/certificado';
import { lojaSefaz } from './sefaz/gateway';
import { lerCertificado } from './sefaz/segredos';

export interface EstadoAcaoNfce {
  doc: Documento | null;
  justificativa: string | null;
  tarefaId: string;
  tentativas: number | null;
}
export const estadoAcaoNfce = (): EstadoAcaoNfce => ({
  doc: null,
  justificativa: null,
  tarefaId: '',
  tentativas: null,
});

type Ctx<E = EntradaAcaoNfce> = ContextoDoComando<E, EstadoAcaoNfce>;

const VERBO: Record<AcaoNfce, string> = {
  CONSULTAR: 'consultar',
  REENVIAR: 'reenviar',
  CANCELAR: 'cancelar',
  INUTILIZAR: 'inutilizar',
};

export async function carregarDocumento(ctx: Ctx): Promise<void> {
  if (!chaveAcessoValida(ctx.entrada.chave)) throw recusar('chave', MSG.chaveDigito);
  ctx.estado.doc = await lerDocumento(ctx.trx, ctx.entrada.chave, ctx.loja.id, true);
  if (!ctx.estado.doc) throw naoEncontrado(MSG.naoEncontrada);
}

export const exigirStatus =
  (acao: AcaoNfce) =>
  (ctx: Ctx): void => {
    const status = ctx.estado.doc!.status;
    if (!podeAplicar(acao, status)) throw conflito(MSG.statusNaoPermite(VERBO[acao], status));
  };

/**
 * The store can talk to SEFAZ: an endpoint for its environment, no 656 block, and (to sign) a certificate in
 * force — an expired one is refused here, before any attempt is recorded.
 */
export const exigirSefaz =
  (assina: boolean) =>
  async (ctx: ContextoDoComando<{ lojaId: number }, unknown>): Promise<void> => {
    const loja = await lojaSefaz(ctx.trx, ctx.loja.id);
    if (!loja.url)
      throw recusar(
        'lojaId',
        `a loja ${loja.sigla} não tem o endereço da SEFAZ de ${loja.ambiente === 1 ? 'produção' : 'homologação'} configurado.`,
      );
    if (loja.bloqueadaAte) throw conflito(MSG.bloqueadaConsumoIndevido(loja.bloqueadaAte));
    if (!assina) return;
    try {
      const cert = await lerCertificado(ctx.trx, ctx.loja.id);
      if (!cert) throw recusar('lojaId', MSG.semCertificado);
      exigirVigente(cert, new Date(), MSG);
    } catch (e) {
      if (e instanceof ErroCertificado) throw recusar('lojaId', e.message);
      throw e;
    }
  };

/** The cancellation's xJust is the motivo's description: of aplicação CUPOM_NFCE, at least 15 characters. */
export async function validarMotivo(ctx: Ctx<EntradaCancelarNfce>): Promise<void> {
  const { rows } = await sql<{ descricao: string; aplicacao: string[] }>`
    select descricao, aplicacao from motivo_cancelamento where id = ${ctx.entrada.motivoId} and ativo`.execute(ctx.trx);
  const m = rows[0];
  if (!m) throw recusar('motivoId', MSG.motivoNaoEncontrado);
  if (!m.aplicacao.includes('CUPOM_NFCE')) throw recusar('motivoId', MSG.motivoNaoNfce);
  const texto = m.descricao.trim();
  if ([...texto].length < MIN_JUSTIFICATIVA_SEFAZ) throw recusar('motivoId', MSG.justificativaCurta);
  ctx.estado.justificativa = texto;
}

/**
 * Inside the UF's deadline (store setting, minutes) counted from SEFAZ's authorisation: the POS's dhRecbto
 * (or its XML's protocol) or the answer our own exchange applied; a note uploaded without either counts from
 * its upload, and the refusal says so.
 */
export async function validarPrazo(ctx: Ctx<EntradaCancelarNfce>): Promise<void> {
  const prazo = await lerParametroNaTransacao(ctx.trx, 'fiscal.prazoCancelamentoNfce', ctx.loja.id);
  const { rows } = await sql<{ em: Date; doEnvio: boolean }>`
    select coalesce(autorizado_em, criado_em) as em, autorizado_em is null as "doEnvio" from documento_nfce
     where chave = ${ctx.entrada.chave}`.execute(ctx.trx);
  if (!dentroDoPrazoDeCancelamento(rows[0]?.em ?? null, new Date(), prazo))
    throw conflito(MSG.foraDoPrazo(prazo, rows[0]?.doEnvio ?? false));
}

export const registrarAcao =
  (acao: Exclude<AcaoNfce, 'INUTILIZAR'>) =>
  async (ctx: Ctx<EntradaAcaoNfce & { motivoId?: number }>): Promise<void> => {
    const doc = ctx.estado.doc!;
    ctx.estado.tentativas = await registrarTentativa(ctx.trx, doc, {
      tipo: TIPO_EVENTO[acao],
      xMotivo: 'Enviado à SEFAZ',
      justificativa: ctx.estado.justificativa,
      usuarioId: ctx.usuarioId,
    });
    const numero = `${doc.serie ?? '-'}/${doc.numero ?? doc.chave.slice(25, 34)}`;
    ctx.estado.tarefaId = await ctx.enfileirar(
      TAREFA_ACAO_NFCE,
      { acao, chave: doc.chave, lojaId: ctx.loja.id, justificativa: ctx.estado.justificativa },
      { titulo: MSG.titulo[acao](numero), singletonKey: `nfce:${acao}:${doc.chave}` },
    );
    ctx.auditoria = {
      entidade: 'documento_nfce',
      entidadeId: doc.chave,
      operacao: 'ALTERACAO',
      antes: { status: doc.status },
      depois: { acao, motivoId: ctx.entrada.motivoId ?? null, tarefaId: ctx.estado.tarefaId },
    };
  };

export const respostaAcao = (acao: keyof typeof MSG.iniciada) => (ctx: Ctx<object>) => ({
  tarefaId: ctx.estado.tarefaId,
  chave: ctx.estado.doc?.chave ?? null,
  tentativas: ctx.estado.tentativas,
  message: MSG.iniciada[acao],
});

/** Only numbers never authorised: a note of the range that SEFAZ knows (or may know) refuses the range. */
export async function validarFaixa(ctx: Ctx<EntradaInutilizarFaixa>): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ numero: number }>`
    select distinct numero from documento_nfce
     where loja_id = ${ctx.loja.id} and serie = ${e.serie} and numero between ${e.numeroInicial} and ${e.numeroFinal}
       and coalesce(status, 'PENDENTE') not in ('REJEITADA', 'PENDENTE', 'INUTILIZADA')
     order by numero limit 11`.execute(ctx.trx);
  if (rows.length) throw recusar('numeroInicial', MSG.faixaComAutorizadas(rows.map((r) => r.numero)));
  const { rows: outras } = await sql<{ id: string }>`
    select id::text from inutilizacao_nfce
     where loja_id = ${ctx.loja.id} and serie = ${e.serie} and status in ('PENDENTE', 'INUTILIZADA')
       and numero_inicial <= ${e.numeroFinal} and numero_final >= ${e.numeroInicial} limit 1`.execute(ctx.trx);
  if (outras.length) throw conflito(MSG.faixaJaInutilizada);
}

export async function registrarInutilizacao(ctx: Ctx<EntradaInutilizarFaixa>): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ id: string }>`
    insert into inutilizacao_nfce (loja_id, serie, numero_caixa, numero_inicial, numero_final, justificativa, status, usuario_id)
    values (${ctx.loja.id}, ${e.serie}, ${e.numeroCaixa ?? null}::int4, ${e.numeroInicial}, ${e.numeroFinal},
            ${e.justificativa}, 'PENDENTE', ${ctx.usuarioId}::int4)
    returning id::text`.execute(ctx.trx);
  const id = Number(rows[0]!.id);
  ctx.estado.tarefaId = await ctx.enfileirar(
    TAREFA_INUTILIZACAO_NFCE,
    { inutilizacaoId: id, lojaId: ctx.loja.id },
    { titulo: MSG.titulo.INUTILIZAR(e.serie, e.numeroInicial, e.numeroFinal) },
  );
  ctx.auditoria = { entidade: 'inutilizacao_nfce', entidadeId: id, operacao: 'INCLUSAO', depois: { ...e } };
}

export async function registrarContingencias(
  ctx: ContextoDoComando<{ lojaId: number }, EstadoAcaoNfce>,
): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from documento_nfce
    where loja_id = ${ctx.loja.id} and status = 'CONTINGENCIA'`.execute(ctx.trx);
  if (!rows[0]!.n) throw recusar('lojaId', MSG.semContingencias);
  ctx.estado.tarefaId = await ctx.enfileirar(
    TAREFA_CONTINGENCIAS_NFCE,
    { lojaId: ctx.loja.id },
    { titulo: MSG.titulo.CONTINGENCIAS(ctx.loja.sigla), singletonKey: `nfce-contingencias:${ctx.loja.id}` },
  );
  ctx.auditoria = {
    entidade: 'documento_nfce',
    entidadeId: null,
    operacao: 'ALTERACAO',
    depois: { acao: 'REENVIAR_CONTINGENCIAS', lojaId: ctx.loja.id, notas: rows[0]!.n },
  };
}
