/**
 * The NFC-e monitor's reads over `documento_nfce` (one row per chave, written by the POS upload): the
 * filter's where clause, the grid's columns and order, the status cards and the rejection reasons
 * present. Every read is limited to the caller's stores; the period is the rows' store-local `data`
 * (the spec's `Z` ignored, domain §1.1), so each store's day is its own.
 */
import {
  type ConsultaNfce,
  consultaDoFiltro,
  DIAS_PADRAO_MONITOR,
  type FiltroNotasInvalidas,
  falhaDeCampo,
  filtroDosParametros,
  hojeNaZona,
  MSG,
  somarDias,
  ZONA_PADRAO,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import type { AuthContext } from '../../plugins/auth/context';

export const MSG_NFCE_MONITOR = {
  entidade: 'documentos eletrônicos (NFC-e)',
  lojasForaDoEscopo: (siglas: string) => `Você não tem acesso às lojas ${siglas}.`,
  documentoNaoEncontrado: 'Documento não encontrado nas suas lojas.',
  semXml: 'Este documento não tem o XML guardado (o PDV não o enviou).',
} as const;

const ROTULOS: Record<string, string> = {
  chaveNfce: 'Chave NFC-e',
  'data.inicio': 'Data inicial',
  'data.fim': 'Data final',
  status: 'Status',
  numeroDocumentoMaximo: 'Número final',
};

/** The filter of a request, validated (422 per field), the stores checked against the caller's (403). */
export async function consultaDaRequisicao(
  trx: Tx,
  auth: AuthContext,
  parametros: Parameters<typeof filtroDosParametros>[0],
): Promise<ConsultaNfce & { lojasEfetivas: number[] }> {
  // "today" is the business zone's: a period not given is the spec's last 7 days
  const hoje = hojeNaZona(ZONA_PADRAO);
  const filtro: FiltroNotasInvalidas = filtroDosParametros(
    parametros,
    hoje,
    somarDias(hoje, -(DIAS_PADRAO_MONITOR - 1)),
  );
  const r = consultaDoFiltro(filtro);
  if (!r.ok)
    throw new ApiError(
      422,
      MSG.validacao,
      r.erros.map((e) => falhaDeCampo(e.campo, e.mensagem, ROTULOS[e.campo])),
    );
  const c = r.consulta;
  const fora = c.lojas.filter((id) => !auth.lojas.includes(id));
  if (fora.length) {
    const { rows } = await sql<{
      sigla: string;
    }>`select sigla from loja where id = any(${fora}::int4[]) order by sigla`.execute(trx);
    throw new ApiError(403, MSG_NFCE_MONITOR.lojasForaDoEscopo(rows.map((l) => l.sigla).join(', ') || fora.join(', ')));
  }
  const lojasEfetivas = c.lojas.length ? c.lojas : auth.lojas.length ? [...auth.lojas] : [-1];
  return { ...c, lojasEfetivas };
}

type Consulta = ConsultaNfce & { lojasEfetivas: number[] };

/** The where clause of the filter on `documento_nfce d` (options leave out what a read sets itself). */
export function ondeNfce(
  c: Consulta,
  o: { semStatus?: boolean; semMotivos?: boolean; semNumeros?: boolean } = {},
): RawBuilder<unknown> {
  const partes: RawBuilder<unknown>[] = [sql`d.loja_id = any(${c.lojasEfetivas}::int4[])`];
  if (c.de && c.ate) partes.push(sql`d.data between ${c.de}::date and ${c.ate}::date`);
  if (c.status && !o.semStatus) partes.push(sql`d.status = ${c.status}`);
  if (c.caixas.length) partes.push(sql`d.numero_caixa = any(${c.caixas}::int4[])`);
  if (c.frentes.length)
    partes.push(sql`(d.loja_id, d.numero_caixa) in (select p.loja_id, p.numero_caixa from dispositivo p
      where p.id = any(${c.frentes}::int8[]) and p.numero_caixa is not null)`);
  if (c.chave?.length === 44) partes.push(sql`d.chave = ${c.chave}`);
  else if (c.chave) partes.push(sql`d.chave like ${`%${c.chave}%`}`);
  if (c.motivos.length && !o.semMotivos) partes.push(sql`d.c_stat = any(${c.motivos}::int4[])`);
  if (!o.semNumeros) {
    if (c.numeroMinimo !== null) partes.push(sql`d.numero >= ${c.numeroMinimo}`);
    if (c.numeroMaximo !== null) partes.push(sql`d.numero <= ${c.numeroMaximo}`);
  }
  return sql.join(partes, sql` and `);
}

export const ORDEM_NFCE = {
  emissao: 'd.emissao_local',
  numero: 'd.numero',
  valor: 'd.valor',
  loja: 'd.loja_id',
  status: 'd.status',
};

/**
 * The ORDER BY text of a `sort` (`-emissao,numero`) over ORDEM_NFCE, the chave last (a stable order);
 * null when it names another field. Only these fixed column names ever reach the SQL.
 */
export function ordemNfce(sort: string | undefined): string | null {
  const termos = (sort || '-emissao')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const partes: string[] = [];
  for (const t of termos) {
    const desc = t.startsWith('-');
    const campo = t.replace(/^[-+]/, '') as keyof typeof ORDEM_NFCE;
    if (!Object.hasOwn(ORDEM_NFCE, campo)) return null;
    partes.push(`${ORDEM_NFCE[campo]} ${desc ? 'desc' : 'asc'}`);
  }
  return [...partes, 'd.chave'].join(', ');
}

/** The grid's row (documentoNfceLinha). */
export const COLUNAS_NFCE = sql`d.chave, d.loja_id, l.sigla as loja, d.modelo, d.serie, d.numero, d.tp_emis,
  to_char(d.emissao_local, 'YYYY-MM-DD"T"HH24:MI:SS') as data_emissao, d.numero_caixa, f.nome as operador,
  d.valor::text as valor_total, d.cpf_consumidor, d.status, d.c_stat, d.x_motivo, d.protocolo, d.tentativas`;

export const fromNfce = (c: Consulta) =>
  sql`from documento_nfce d join loja l on l.id = d.loja_id left join funcionario f on f.id = d.operador_id
    where ${ondeNfce(c)}`;

/** Cards: per status, the count and the value under the same filter (a card sets the status itself). */
export async function cartoesNfce(trx: Tx, c: Consulta) {
  const { rows } = await sql<{ status: string; quantidade: number; valor: string }>`
    select d.status, count(*)::int as quantidade, coalesce(sum(d.valor), 0)::numeric(15, 2)::text as valor
      from documento_nfce d where ${ondeNfce(c, { semStatus: true })} group by d.status`.execute(trx);
  return rows;
}

/** The rejection codes present under the filter (the multi-select's options), with SEFAZ's wording. */
export async function motivosRejeicaoNfce(trx: Tx, c: Consulta) {
  const { rows } = await sql<{ codigo: number; descricao: string; quantidade: number }>`
    select d.c_stat as codigo, coalesce(max(cs.descricao), max(d.x_motivo), 'Rejeição ' || d.c_stat) as descricao,
           count(*)::int as quantidade
      from documento_nfce d left join nfe_cstat cs on cs.codigo = lpad(d.c_stat::text, 3, '0')
     where ${ondeNfce({ ...c, status: 'REJEITADA' }, { semMotivos: true })} and d.c_stat is not null
     group by d.c_stat order by count(*) desc, d.c_stat`.execute(trx);
  return rows;
}

/** Rejected notes in the caller's stores (the Painel's card), every day: a rejection waits until fixed. */
export async function totalRejeitadas(trx: Tx, auth: AuthContext): Promise<number> {
  const lojas = auth.lojas.length ? [...auth.lojas] : [-1];
  const { rows } = await sql<{ total: number }>`select count(*)::int as total from documento_nfce d
    where d.status = 'REJEITADA' and d.loja_id = any(${lojas}::int4[])`.execute(trx);
  return rows[0]?.total ?? 0;
}
