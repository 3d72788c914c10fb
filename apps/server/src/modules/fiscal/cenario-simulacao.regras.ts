/**
 * The candidate rules of the resolution engine as the tables hold them (migration 0150): rows → the shared
 * contract's shapes (decimal strings as PostgreSQL writes numeric, dates as YYYY-MM-DD text), read for one
 * NCM + its group (the simulator) or for many NCMs at once (the cobertura). The tenant is named, not left to
 * RLS alone: the demo seed writes the coverage as the owner, whom RLS may not bind.
 */
import type { CenarioNcm, CenarioOperacao, Modelo, TipoOperacao } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

type Linha = Record<string, unknown>;
const txt = (v: unknown): string | null => (v === null || v === undefined ? null : String(v).trim());
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function ncmDaLinha(r: Linha): CenarioNcm {
  return {
    id: Number(r.id),
    descricao: String(r.descricao),
    ncm: txt(r.ncm),
    excecao: txt(r.excecao),
    cest: txt(r.cest),
    grupoNcmId: num(r.grupoNcmId),
    ufOrigem: r.ufOrigem as CenarioNcm['ufOrigem'],
    ufDestino: r.ufDestino as CenarioNcm['ufDestino'],
    ramoAtuacaoId: num(r.ramoAtuacaoId),
    crt: num(r.crt),
    vigenciaInicio: String(r.inicio),
    vigenciaFim: txt(r.fim),
    origem: txt(r.origem),
    cst: txt(r.cst),
    csosn: txt(r.csosn),
    modBC: String(r.modBc),
    aliquota: txt(r.aliquota),
    reducaoBC: txt(r.reducaoBc),
    fcp: txt(r.fcp),
    cBenef: txt(r.cBenef),
    modBCST: txt(r.modBcst),
    mva: txt(r.mva),
    aliquotaSt: txt(r.aliquotaSt),
    reducaoBCST: txt(r.reducaoBcst),
    difal: Boolean(r.difal),
    aliquotaInternaDestino: txt(r.aliquotaInternaDestino),
    fcpDestino: txt(r.fcpDestino),
    ipiCstEntrada: txt(r.ipiCstEntrada),
    ipiCstSaida: txt(r.ipiCstSaida),
    ipiAliquota: txt(r.ipiAliquota),
    ipiCEnq: txt(r.ipiCenq) ?? '999',
    pisCofinsCstEntrada: txt(r.pisCofinsCstEntrada),
    pisCofinsCstSaida: txt(r.pisCofinsCstSaida),
    aliquotaPis: txt(r.aliquotaPis),
    aliquotaCofins: txt(r.aliquotaCofins),
    naturezaReceita: txt(r.naturezaReceita),
    processoJudicialId: num(r.processoJudicialId),
    mensagemLegal: txt(r.mensagemLegal),
    ativo: Boolean(r.ativo),
  };
}

function operacaoDaLinha(r: Linha): CenarioOperacao {
  return {
    id: Number(r.id),
    tipoOperacao: r.tipoOperacao as CenarioOperacao['tipoOperacao'],
    modelo: txt(r.modelo) as CenarioOperacao['modelo'],
    finalidade: txt(r.finalidade) as CenarioOperacao['finalidade'],
    abrangencia: r.abrangencia as CenarioOperacao['abrangencia'],
    ramoAtuacaoId: num(r.ramoAtuacaoId),
    cfop: String(txt(r.cfop)),
    cfopComSt: txt(r.cfopComSt),
    naturezaOperacao: String(r.naturezaOperacao),
    movimentaEstoque: Boolean(r.movimentaEstoque),
    geraFinanceiro: Boolean(r.geraFinanceiro),
    calculaIcms: Boolean(r.calculaIcms),
    calculaIpi: Boolean(r.calculaIpi),
    calculaPisCofins: Boolean(r.calculaPisCofins),
    cstForcado: txt(r.cstForcado),
    vigenciaInicio: String(r.inicio),
    vigenciaFim: txt(r.fim),
    ativo: Boolean(r.ativo),
  };
}

const DATAS = sql`to_char(vigencia_inicio, 'YYYY-MM-DD') as inicio, to_char(vigencia_fim, 'YYYY-MM-DD') as fim`;

/** Active NCM rules of these NCMs or these groups (out of vigência too: the simulator says why they lost). */
export async function regrasNcm(trx: Tx, ncms: readonly string[], grupos: readonly number[]): Promise<CenarioNcm[]> {
  const r = await sql<Linha>`select *, ${DATAS} from cenario_fiscal_ncm
    where assinante_id = (select app_assinante()) and ativo and (ncm = any(${[...ncms]}::text[]) or grupo_ncm_id = any(${[...grupos]}::int[]))
    order by id`.execute(trx);
  return r.rows.map(ncmDaLinha);
}

/** Active operation rules of this type and model (every abrangência and ramo: the engine picks). */
export async function regrasOperacao(trx: Tx, tipo: TipoOperacao, modelo: Modelo): Promise<CenarioOperacao[]> {
  const r = await sql<Linha>`select *, ${DATAS} from cenario_fiscal_operacao
    where assinante_id = (select app_assinante()) and ativo and tipo_operacao = ${tipo} and modelo = ${modelo} order by id`.execute(
    trx,
  );
  return r.rows.map(operacaoDaLinha);
}

/**
 * The grupo NCM of each NCM: the active group whose code or prefix is the longest match (an NCM should be in
 * at most one group, domain.md §3.6; the longest prefix makes a stray overlap still deterministic).
 */
export async function gruposDosNcms(trx: Tx, ncms: readonly string[]): Promise<Map<string, number>> {
  if (!ncms.length) return new Map();
  const r = await sql<{ ncm: string; grupo: number }>`
    select distinct on (n.ncm) n.ncm, i.grupo_ncm_id as grupo
      from unnest(${[...ncms]}::text[]) as n(ncm)
      join grupo_ncm_item i on i.assinante_id = (select app_assinante()) and n.ncm like i.ncm || '%'
      join grupo_ncm g on g.id = i.grupo_ncm_id and g.ativo
     order by n.ncm, length(i.ncm) desc, i.grupo_ncm_id`.execute(trx);
  return new Map(r.rows.map((x) => [x.ncm, Number(x.grupo)]));
}
