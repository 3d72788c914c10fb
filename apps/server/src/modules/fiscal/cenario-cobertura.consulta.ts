/**
 * Cobertura dos cenários fiscais: the classes of products (same NCM, CEST and origem — what the rules look at)
 * that some store cannot document because no rule gives them a complete treatment (an NCM rule with the CST or
 * CSOSN of the store's CRT, an operation rule with its CFOP, the CFOP com ST when the rule is ST). It is
 * resolved per class and per store profile (UF, CRT), never per product: one grouped scan of the products,
 * one read of the rules, then the engine's choice (no arithmetic) for classes × profiles in memory; the answer
 * lists class × store rows, largest classes first. On NFC-e the CFOP the rules give must be one the NFC-e
 * accepts and the official table still allows. The same resolution, over every store, is what the recount
 * job writes into inconsistencia_produto (cenario-recontagem.ts) for `inconsistenciasDeTributacao`.
 */
import {
  CFOPS_NFCE,
  type CenarioNcm,
  type ClasseSemCobertura,
  escolherCenarios,
  hojeNaZona,
  type LojaMotor,
  MSG_CENARIO,
  type Modelo,
  selecionarCenarioOperacao,
  type TipoOperacao,
  zonaDaLoja,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { lojaDoPedido } from './cenario-simulacao.routes';
import { gruposDosNcms, regrasNcm, regrasOperacao } from './cenario-simulacao.regras';

export interface PedidoCobertura {
  lojaId?: number;
  tipoOperacao: TipoOperacao;
  modelo: Modelo;
  data?: string;
  start: number;
  count: number;
}

export interface Classe {
  ncm: string | null;
  cest: string | null;
  origem: string;
  produtos: number;
  exemplo: number;
}

export interface LojaPerfil extends LojaMotor {
  id: number;
  fantasia: string;
  codigoIbge: string | null;
}

export interface Medicao {
  classes: number;
  perfis: number;
  resolucoes: number;
  ms: { produtos: number; regras: number; motor: number };
}

/** A product class of the tenant, the engine's verdict for it in a store profile, and the stores of that profile. */
export interface Lacuna {
  classe: Classe;
  lojas: readonly LojaPerfil[];
  /** what is missing for a complete treatment (empty: only the CFOP is refused) */
  faltando: string[];
  /** the CFOP the rules give for a sale on NFC-e that the NFC-e does not accept (or the table no longer allows) */
  cfopProibido: string | null;
}

export interface PedidoResolucao {
  tipoOperacao: TipoOperacao;
  modelo: Modelo;
  data?: string;
  /** only the products whose NCM starts with one of these ('#': the products without NCM); absent = all */
  ncms?: readonly string[];
}

/** Which classes filter a set of NCM codes/prefixes reads ('#' = no NCM). */
export function filtroDeNcms(ncms: readonly string[] | undefined) {
  if (!ncms) return sql`true`;
  const prefixos = ncms.filter((n) => n !== '#' && n !== '');
  const semNcm = ncms.includes('#');
  const exatos = prefixos.filter((n) => n.length === 8);
  const curtos = prefixos.filter((n) => n.length < 8).map((n) => `${n}%`);
  return sql`(false ${exatos.length ? sql`or ncm_id = any(${exatos}::text[])` : sql``}
    ${curtos.length ? sql`or ncm_id like any(${curtos}::text[])` : sql``}
    ${semNcm ? sql`or nullif(trim(ncm_id), '') is null` : sql``})`;
}

/**
 * The engine's verdict for every class × store profile that lacks a complete treatment (the stores given, the
 * classes of the NCMs asked). For modelo 65 the resolved CFOP must be one the NFC-e accepts and the official
 * table still allows: otherwise the class is reported with `cfopProibido`.
 */
export async function resolverCobertura(
  trx: Tx,
  lojas: readonly LojaPerfil[],
  p: PedidoResolucao,
  medir?: (m: Medicao) => void,
): Promise<Lacuna[]> {
  const t0 = performance.now();
  if (!lojas.length) return [];
  const classes = (
    await sql<Classe>`select nullif(trim(ncm_id), '') as ncm, nullif(trim(cest), '') as cest,
           coalesce(origem, '0') as origem, count(*)::int as produtos, min(id) as exemplo
      from produto where assinante_id = (select app_assinante()) and ativo and ${filtroDeNcms(p.ncms)} group by 1, 2, 3`.execute(
      trx,
    )
  ).rows;
  const t1 = performance.now();

  const ncms = [...new Set(classes.map((c) => c.ncm).filter((n): n is string => !!n))];
  const grupos = await gruposDosNcms(trx, ncms);
  const regras = await regrasNcm(trx, ncms, [...new Set(grupos.values())]);
  const operacoes = await regrasOperacao(trx, p.tipoOperacao, p.modelo);
  // NFC-e: the list of the law, less what the official table no longer lets a document use
  const cfopsNfce =
    p.modelo === '65'
      ? new Set(
          (
            await sql<{ codigo: string }>`select trim(codigo) as codigo from cfop_oficial
              where utilizavel and codigo = any(${[...CFOPS_NFCE]}::text[])`.execute(trx)
          ).rows.map((r) => r.codigo),
        )
      : null;
  const porNcm = new Map<string, CenarioNcm[]>();
  const porGrupo = new Map<number, CenarioNcm[]>();
  for (const r of regras) {
    if (r.ncm) porNcm.set(r.ncm, [...(porNcm.get(r.ncm) ?? []), r]);
    else if (r.grupoNcmId) porGrupo.set(r.grupoNcmId, [...(porGrupo.get(r.grupoNcmId) ?? []), r]);
  }
  const t2 = performance.now();

  // stores with the same UF, CRT and business day resolve alike: one resolution per profile
  const perfis = new Map<string, LojaPerfil[]>();
  for (const l of lojas) {
    const data = p.data ?? hojeNaZona(zonaDaLoja(l));
    const chave = `${l.uf}|${l.crt}|${data}`;
    perfis.set(chave, [...(perfis.get(chave) ?? []), l]);
  }
  // the operation rule does not depend on the product: chosen once per profile, then handed to the engine alone
  const porPerfil = [...perfis].map(([chave, doPerfil]) => {
    const data = chave.split('|')[2]!;
    const loja = doPerfil[0]!;
    const operacao = { tipo: p.tipoOperacao, modelo: p.modelo, ufContraparte: loja.uf, contribuinte: false };
    const op = selecionarCenarioOperacao(operacoes, loja, operacao, data, false).vencedora;
    return { data, loja, operacao, operacoes: op ? [op] : [], doPerfil };
  });
  const out: Lacuna[] = [];
  let resolucoes = 0;
  for (const c of classes) {
    const grupo = c.ncm ? (grupos.get(c.ncm) ?? null) : null;
    const ncmCandidatos = [...(c.ncm ? (porNcm.get(c.ncm) ?? []) : []), ...(grupo ? (porGrupo.get(grupo) ?? []) : [])];
    for (const { data, loja, operacao, operacoes: opCandidatos, doPerfil } of porPerfil) {
      resolucoes++;
      if (!c.ncm) {
        out.push({ classe: c, lojas: doPerfil, faltando: [MSG_CENARIO.produtoSemNcm], cfopProibido: null });
        continue;
      }
      const escolha = escolherCenarios(
        {
          produto: { ncm: c.ncm, cest: c.cest, origem: c.origem, grupoNcmId: grupo },
          loja: { uf: loja.uf, crt: loja.crt },
          operacao,
          data,
          candidatos: { ncm: ncmCandidatos, operacao: opCandidatos },
        },
        false,
      );
      const cfopProibido = cfopsNfce && escolha.cfop && !cfopsNfce.has(escolha.cfop) ? escolha.cfop : null;
      if (escolha.faltando.length || cfopProibido)
        out.push({ classe: c, lojas: doPerfil, faltando: escolha.faltando, cfopProibido });
    }
  }
  const t3 = performance.now();
  medir?.({
    classes: classes.length,
    perfis: perfis.size,
    resolucoes,
    ms: { produtos: t1 - t0, regras: t2 - t1, motor: t3 - t2 },
  });
  return out;
}

/**
 * The tenant's active stores as the engine sees them. The tenant is named in these statements, not left to RLS
 * alone: the demo seed runs them as the owner, whom RLS may not bind.
 */
export async function lojasAtivas(trx: Tx, ids?: readonly number[]): Promise<LojaPerfil[]> {
  return (
    await sql<LojaPerfil>`select id, fantasia, uf, crt, regime_apuracao, codigo_ibge from loja
      where assinante_id = (select app_assinante()) and ativo ${ids ? sql`and id = any(${[...ids]}::int[])` : sql``} order by id`.execute(
      trx,
    )
  ).rows;
}

/** Every uncovered class × store, sorted (most products first, then NCM, origem, CEST, store). */
export async function lerCobertura(
  trx: Tx,
  auth: Pick<AuthContext, 'lojas'>,
  p: PedidoCobertura,
  medir?: (m: Medicao) => void,
): Promise<ClasseSemCobertura[]> {
  const lojas: LojaPerfil[] = p.lojaId ? [await lojaDoPedido(trx, auth, p.lojaId)] : await lojasAtivas(trx, auth.lojas);
  const lacunas = await resolverCobertura(trx, lojas, p, medir);
  const out: ClasseSemCobertura[] = [];
  for (const { classe: c, lojas: doPerfil, faltando, cfopProibido } of lacunas) {
    const tudo = cfopProibido ? [...faltando, MSG_CENARIO.cfopNaoPermitidoNfce(cfopProibido)] : faltando;
    for (const l of doPerfil)
      out.push({
        ncm: c.ncm,
        cest: c.cest,
        origem: c.origem,
        lojaId: l.id,
        lojaFantasia: l.fantasia,
        uf: l.uf,
        crt: l.crt,
        produtos: c.produtos,
        produtoExemploId: c.exemplo,
        faltando: tudo,
      });
  }
  // codes are digits: plain comparison (localeCompare costs seconds over tens of thousands of rows)
  const cmp = (x: string | null, y: string | null) => ((x ?? '') < (y ?? '') ? -1 : (x ?? '') > (y ?? '') ? 1 : 0);
  out.sort(
    (a, b) =>
      b.produtos - a.produtos ||
      cmp(a.ncm, b.ncm) ||
      cmp(a.origem, b.origem) ||
      cmp(a.cest, b.cest) ||
      a.lojaId - b.lojaId,
  );
  return out;
}
