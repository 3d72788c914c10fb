/**
 * The arithmetic of one item (NF-e layout, MOC 7.0), once the rules are chosen.
 *
 * Rounding: every base and every value is rounded to 2 places HALF_EVEN (ABNT NBR 5891, the rule the
 * domain Decimal uses for fiscal values); a base is rounded before its tax is computed from it, as the
 * XML carries the rounded vBC and SEFAZ checks vICMS against vBC × pICMS. The adjusted MVA is rounded to
 * 4 places (pMVAST has 4) and the rounded figure is the one used, so the XML recomputes to the same value.
 *
 * Bases:
 * - operation value = vProd (qCom × vUnCom) + frete + outras − desconto (unconditional discount).
 * - IPI base = operation value; IPI joins the ICMS base when the buyer is not a contributor (CF art. 155
 *   §2 XI) and always joins the ST base.
 * - Reduction (pRedBC) only for CST 20, 51, 70, 90 and CSOSN 900; ST reduction (pRedBCST) likewise when given.
 * - ICMS rate: inter-state the Senate rate of the UF pair (4/7/12, ./aliquotas); inside the UF the rule's
 *   `aliquota` (the UF's internal rate when the rule has none). Export: no ICMS (CF art. 155 §2 X a).
 * - ST (modBCST 4, MVA): BCST = (operation value + IPI) × (1 + MVA); inter-state the adjusted MVA
 *   `(1+MVA)×(1−ALQinter)/(1−ALQintra)−1` with ALQintra = the rule's aliquotaSt; when ALQinter ≥ ALQintra the
 *   original MVA (Convênio ICMS 142/2018, cl. 13). vICMSST = BCST × aliquotaSt − ICMS próprio, never below 0.
 *   Simples (CSOSN 201/202) deducts the own ICMS computed at the normal rate (LC 123/2006 art. 13 §1 XIII a),
 *   CSOSN 203 and CST 30 deduct nothing (the own operation is exempt). CST 60 / CSOSN 500: ST was charged before,
 *   nothing is computed.
 * - DIFAL (EC 87/2015, LC 190/2022, base única): inter-state exit to a non-contributor, rule with `difal`,
 *   regime normal (Simples issuers are out: STF ADI 5.464), own ICMS taxed:
 *   vICMSUFDest = vBCUFDest × (pICMSUFDest − pICMSInter); vFCPUFDest = vBCUFDest × pFCPUFDest.
 * - FCP on the own ICMS only inside the UF (inter-state the destination's FCP goes with DIFAL).
 * - PIS/COFINS: base = operation value − ICMS próprio (STF RE 574.706, the "tese do século"); rates from the
 *   rule, else the store's regime (presumido 0.65/3.00, real 1.65/7.60, Simples 0 — paid in the DAS). Only
 *   CSTs taxed by rate compute (01, 02, 49 and the entry credits); 04 monofásica, 05, 06, 07, 08, 09 give 0.
 */
import { Decimal } from '../../../decimal';
import { CSTS_PIS_COFINS_TRIBUTADOS } from '../codigos';
import type { CenarioNcm, CenarioOperacao } from '../contrato';
import type { RegimeApuracao } from './tipos';

const ZERO = Decimal.de('0');
const CEM = Decimal.de('100');
const d = (v: string | null | undefined): Decimal => (v ? Decimal.de(v) : ZERO);
const r2 = (v: Decimal): Decimal => v.arredondar(2, 'HALF_EVEN');
/** base × pct % rounded to cents */
export const porcento = (base: Decimal, pct: Decimal | string): Decimal =>
  base.vezes(pct).divididoPor(CEM, 2, 'HALF_EVEN');
/** base reduced by pct % */
export const reduzir = (base: Decimal, pct: Decimal | string): Decimal =>
  base.vezes(CEM.menos(pct)).divididoPor(CEM, 2, 'HALF_EVEN');
/** A rate as text: 2 places at least, 4 at most ("18.00", "71.3043"). */
export const taxa = (v: Decimal): string => v.texto(Math.max(2, Math.min(4, v.casasUsadas())));
const max0 = (v: Decimal): Decimal => (v.sinal() < 0 ? ZERO : v);

/** CSTs/CSOSNs whose own ICMS is computed and highlighted. */
const ICMS_PROPRIO = ['00', '10', '20', '70', '90', '900'];
/** own ICMS base shown but the value deferred (CST 51, diferimento total) */
const DIFERIDO = ['51'];
const COM_REDUCAO = ['20', '51', '70', '90', '900'];
/** ST is computed */
const CALCULA_ST = ['10', '30', '70', '201', '202', '203'];
/** ST computed when the rule gives an MVA or modBCST */
const ST_OPCIONAL = ['90', '900'];
/** own ICMS deducted from the ST, computed even if not highlighted (Simples) */
const DEDUZ_PROPRIO_SIMPLES = ['201', '202'];

export const PIS_COFINS_REGIME: Readonly<Record<RegimeApuracao, { pis: string; cofins: string }>> = {
  SIMPLES: { pis: '0', cofins: '0' },
  LUCRO_PRESUMIDO: { pis: '0.65', cofins: '3.00' },
  LUCRO_REAL: { pis: '1.65', cofins: '7.60' },
};

export interface ContextoCalculo {
  regra: CenarioNcm;
  operacao: CenarioOperacao | null;
  /** the CST (CRT 3) or CSOSN (Simples) in effect */
  situacao: string;
  entrada: boolean;
  exportacao: boolean;
  /** null inside the UF */
  aliquotaInter: string | null;
  /** the rate used inside the UF when the rule has none */
  aliquotaInternaOrigem: string;
  /** fall-back of aliquotaSt / aliquotaInternaDestino */
  aliquotaInternaDestino: string;
  contribuinte: boolean;
  regimeNormal: boolean;
  regime: RegimeApuracao;
  vProd: Decimal;
  frete: Decimal;
  outras: Decimal;
  desconto: Decimal;
}

export function calcular(c: ContextoCalculo) {
  const { regra, operacao, situacao } = c;
  const calculaIcms = (operacao?.calculaIcms ?? true) && !c.exportacao;
  const calculaIpi = operacao?.calculaIpi ?? false;
  const calculaPisCofins = operacao?.calculaPisCofins ?? true;
  const valorOperacao = c.vProd.mais(c.frete).mais(c.outras).menos(c.desconto);

  // IPI
  const ipiCst = c.entrada ? regra.ipiCstEntrada : regra.ipiCstSaida;
  const ipiTributado = calculaIpi && !!ipiCst && ['00', '49', '50', '99'].includes(ipiCst) && !!regra.ipiAliquota;
  const ipiBase = ipiTributado ? valorOperacao : ZERO;
  const ipiAliquota = ipiTributado ? d(regra.ipiAliquota) : ZERO;
  const vIpi = porcento(ipiBase, ipiAliquota);

  // own ICMS
  const aliquota = d(c.aliquotaInter ?? regra.aliquota ?? c.aliquotaInternaOrigem);
  const baseCheia = valorOperacao.mais(c.contribuinte ? ZERO : vIpi);
  const reducao = COM_REDUCAO.includes(situacao) && regra.reducaoBC ? d(regra.reducaoBC) : null;
  const proprio = calculaIcms && (ICMS_PROPRIO.includes(situacao) || DIFERIDO.includes(situacao));
  const vBC = proprio ? (reducao ? reduzir(baseCheia, reducao) : r2(baseCheia)) : ZERO;
  const vIcms = proprio && !DIFERIDO.includes(situacao) ? porcento(vBC, aliquota) : ZERO;
  const fcpAliquota = proprio && c.aliquotaInter === null ? d(regra.fcp) : ZERO;
  const vFcp = porcento(vBC, fcpAliquota);

  // ST
  const temSt =
    calculaIcms &&
    (CALCULA_ST.includes(situacao) ||
      (ST_OPCIONAL.includes(situacao) && (regra.mva !== null || regra.modBCST !== null)));
  const aliquotaSt = temSt ? d(regra.aliquotaSt ?? c.aliquotaInternaDestino) : ZERO;
  let mvaAjustada: Decimal | null = null;
  let vBCST = ZERO;
  let vSt = ZERO;
  if (temSt) {
    const mva = d(regra.mva);
    mvaAjustada = mva;
    if (c.aliquotaInter !== null && Decimal.de(c.aliquotaInter).comparar(aliquotaSt) < 0 && regra.modBCST !== '6') {
      // (1+MVA)×(1−ALQinter)/(1−ALQintra)−1, in percent: (100+MVA)×(100−inter)/(100−intra) − 100
      mvaAjustada = CEM.mais(mva)
        .vezes(CEM.menos(c.aliquotaInter))
        .divididoPor(CEM.menos(aliquotaSt), 4, 'HALF_EVEN')
        .menos(CEM);
    }
    const baseSt = valorOperacao.mais(vIpi);
    const comMva =
      regra.modBCST === '6' ? r2(baseSt) : baseSt.vezes(CEM.mais(mvaAjustada)).divididoPor(CEM, 2, 'HALF_EVEN');
    vBCST = regra.reducaoBCST ? reduzir(comMva, regra.reducaoBCST) : comMva;
    const deducao = DEDUZ_PROPRIO_SIMPLES.includes(situacao) ? porcento(r2(baseCheia), aliquota) : vIcms;
    vSt = max0(porcento(vBCST, aliquotaSt).menos(deducao));
  }

  // DIFAL
  const difalAplica =
    calculaIcms &&
    !c.entrada &&
    c.aliquotaInter !== null &&
    !c.contribuinte &&
    regra.difal &&
    c.regimeNormal &&
    proprio;
  const difalInterna = difalAplica ? d(regra.aliquotaInternaDestino ?? c.aliquotaInternaDestino) : ZERO;
  const difalInter = difalAplica ? d(c.aliquotaInter) : ZERO;
  const difalBase = difalAplica ? vBC : ZERO;
  const vDifal = difalAplica ? max0(porcento(difalBase, difalInterna.menos(difalInter))) : ZERO;
  const fcpDestino = difalAplica ? d(regra.fcpDestino) : ZERO;
  const vFcpDestino = porcento(difalBase, fcpDestino);

  // PIS/COFINS
  const pcCst = c.entrada ? regra.pisCofinsCstEntrada : regra.pisCofinsCstSaida;
  const pcTributado = calculaPisCofins && !!pcCst && CSTS_PIS_COFINS_TRIBUTADOS.includes(pcCst);
  const padrao = PIS_COFINS_REGIME[c.regime];
  const pcBase = pcTributado ? max0(valorOperacao.menos(vIcms)) : ZERO;
  const aliquotaPis = pcTributado ? d(regra.aliquotaPis ?? padrao.pis) : ZERO;
  const aliquotaCofins = pcTributado ? d(regra.aliquotaCofins ?? padrao.cofins) : ZERO;

  const $ = (v: Decimal) => v.texto(2);
  return {
    valorProduto: $(c.vProd),
    icms: {
      modBC: proprio ? regra.modBC : null,
      base: $(vBC),
      reducaoBC: reducao && proprio ? taxa(reducao) : null,
      aliquota: taxa(proprio ? aliquota : ZERO),
      valor: $(vIcms),
      fcpAliquota: taxa(fcpAliquota),
      fcpValor: $(vFcp),
      cBenef: regra.cBenef,
      aliquotaInterestadual: c.aliquotaInter === null ? null : taxa(d(c.aliquotaInter)),
    },
    st: {
      modBCST: temSt ? (regra.modBCST ?? '4') : null,
      mva: temSt && regra.mva !== null ? taxa(d(regra.mva)) : null,
      mvaAjustada: mvaAjustada && temSt && regra.modBCST !== '6' ? taxa(mvaAjustada) : null,
      base: $(vBCST),
      aliquota: taxa(aliquotaSt),
      valor: $(vSt),
    },
    difal: {
      aplica: difalAplica,
      base: $(difalBase),
      aliquotaInterna: taxa(difalInterna),
      aliquotaInterestadual: taxa(difalInter),
      valor: $(vDifal),
      fcpDestino: taxa(fcpDestino),
      valorFcp: $(vFcpDestino),
    },
    ipi: {
      cst: ipiCst,
      cEnq: regra.ipiCEnq || '999',
      base: $(ipiBase),
      aliquota: taxa(ipiAliquota),
      valor: $(vIpi),
    },
    pis: { cst: pcCst, base: $(pcBase), aliquota: taxa(aliquotaPis), valor: $(porcento(pcBase, aliquotaPis)) },
    cofins: { cst: pcCst, base: $(pcBase), aliquota: taxa(aliquotaCofins), valor: $(porcento(pcBase, aliquotaCofins)) },
  };
}
