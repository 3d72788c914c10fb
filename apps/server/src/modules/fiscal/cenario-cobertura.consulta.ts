/**
 * Cobertura dos cenários fiscais: the classes of products (same NCM, CEST and origem — what the rules look at)
 * that some store cannot document because no rule gives them a complete treatment (an NCM rule with the CST or
 * CSOSN of the store's CRT, an operation rule with its CFOP, the CFOP com ST when the rule is ST). It is
 * resolved per class and per store profile (UF, CRT), never per product: one grouped scan of the products,
 * one read of the rules, then the engine's choice (no arithmetic) for classes × profiles in memory; the answer
 * lists class × store rows, largest classes first. This is what feeds `inconsistenciasDeTributacao`.
 */
import {
  type CenarioNcm,
  type ClasseSemCobertura,
  faltandoPara,
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

interface Classe {
  ncm: string | null;
  cest: string | null;
  origem: string;
  produtos: number;
  exemplo: number;
}

interface LojaPerfil extends LojaMotor {
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

/** Every uncovered class × store, sorted (most products first, then NCM, origem, CEST, store). */
export async function lerCobertura(
  trx: Tx,
  auth: Pick<AuthContext, 'lojas'>,
  p: PedidoCobertura,
  medir?: (m: Medicao) => void,
): Promise<ClasseSemCobertura[]> {
  const t0 = performance.now();
  const lojas: LojaPerfil[] = p.lojaId
    ? [await lojaDoPedido(trx, auth, p.lojaId)]
    : (
        await sql<LojaPerfil>`select id, fantasia, uf, crt, regime_apuracao, codigo_ibge from loja
          where ativo and id = any(${[...auth.lojas]}::int[]) order by id`.execute(trx)
      ).rows;
  if (!lojas.length) return [];
  const classes = (
    await sql<Classe>`select nullif(trim(ncm_id), '') as ncm, nullif(trim(cest), '') as cest,
           coalesce(origem, '0') as origem, count(*)::int as produtos, min(id) as exemplo
      from produto where ativo group by 1, 2, 3`.execute(trx)
  ).rows;
  const t1 = performance.now();

  const ncms = [...new Set(classes.map((c) => c.ncm).filter((n): n is string => !!n))];
  const grupos = await gruposDosNcms(trx, ncms);
  const regras = await regrasNcm(trx, ncms, [...new Set(grupos.values())]);
  const operacoes = await regrasOperacao(trx, p.tipoOperacao, p.modelo);
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
  const out: ClasseSemCobertura[] = [];
  let resolucoes = 0;
  for (const c of classes) {
    const grupo = c.ncm ? (grupos.get(c.ncm) ?? null) : null;
    const ncmCandidatos = [...(c.ncm ? (porNcm.get(c.ncm) ?? []) : []), ...(grupo ? (porGrupo.get(grupo) ?? []) : [])];
    for (const { data, loja, operacao, operacoes: opCandidatos, doPerfil } of porPerfil) {
      resolucoes++;
      const faltando = c.ncm
        ? faltandoPara(
            { ncm: c.ncm, cest: c.cest, origem: c.origem, grupoNcmId: grupo },
            { uf: loja.uf, crt: loja.crt },
            operacao,
            data,
            { ncm: ncmCandidatos, operacao: opCandidatos },
          )
        : [MSG_CENARIO.produtoSemNcm];
      if (!faltando.length) continue;
      for (const l of doPerfil) {
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
          faltando,
        });
      }
    }
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
  const t3 = performance.now();
  medir?.({
    classes: classes.length,
    perfis: perfis.size,
    resolucoes,
    ms: { produtos: t1 - t0, regras: t2 - t1, motor: t3 - t2 },
  });
  return out;
}
