/**
 * Resolution engine of the cenários fiscais (domain.md §3.5): product + store + operation + other party's
 * UF + date + values + the candidate rules → CFOP, CST/CSOSN, bases, rates, ICMS, ST, FCP, DIFAL, IPI,
 * PIS/COFINS, legal message, and every candidate with the reason it applied or lost. Pure and
 * deterministic: nothing is read from outside the input (see ./selecao for the order, ./calculo for the
 * arithmetic and rounding, ./aliquotas for the official rates).
 */
import { Decimal } from '../../../decimal';
import { ehEntrada, ehSituacaoSt, usaCsosn } from '../codigos';
import type { CenarioNcm, CenarioOperacao } from '../contrato';
import type { ResultadoTributacao } from '../simulacao.contrato';
import { MSG_CENARIO } from '../mensagens';
import { aliquotaInterestadual, aliquotaInterna } from './aliquotas';
import { calcular } from './calculo';
import { abrangenciaDe, rota, selecionarCenarioNcm, selecionarCenarioOperacao } from './selecao';
import type { EntradaMotor, LojaMotor, OperacaoMotor, ProdutoMotor } from './tipos';

export * from './aliquotas';
export { PIS_COFINS_REGIME, porcento, reduzir, taxa } from './calculo';
export * from './selecao';
export * from './tipos';

/** The CST/CSOSN in effect: the operation's forced one when it fits the store's CRT, else the NCM rule's. */
function situacaoDe(regra: CenarioNcm, op: CenarioOperacao | null, crt: number): { situacao: string; aviso?: string } {
  const daRegra = (usaCsosn(crt) ? regra.csosn : regra.cst) ?? '';
  const forcado = op?.cstForcado;
  if (!forcado) return { situacao: daRegra };
  if ((forcado.length === 3) === usaCsosn(crt)) return { situacao: forcado };
  return { situacao: daRegra, aviso: MSG_CENARIO.cstForcadoIgnorado(forcado, crt) };
}

/** What is missing for a complete treatment, without the arithmetic (the cobertura view asks it per class). */
export function escolherCenarios(
  e: Pick<EntradaMotor, 'produto' | 'loja' | 'operacao' | 'data' | 'candidatos'>,
  explicar = true,
) {
  const ncm = selecionarCenarioNcm(e.candidatos.ncm, e.produto, e.loja, e.operacao, e.data, explicar);
  const op = selecionarCenarioOperacao(e.candidatos.operacao, e.loja, e.operacao, e.data, explicar);
  const faltando: string[] = [];
  if (!ncm.vencedora) faltando.push(MSG_CENARIO.faltaRegraNcm);
  if (!op.vencedora) faltando.push(MSG_CENARIO.faltaRegraOperacao);
  const sit = ncm.vencedora ? situacaoDe(ncm.vencedora, op.vencedora, e.loja.crt) : null;
  const st = ehSituacaoSt(sit?.situacao);
  let cfop: string | null = null;
  if (op.vencedora) {
    cfop = st ? op.vencedora.cfopComSt : op.vencedora.cfop;
    if (!cfop) faltando.push(MSG_CENARIO.faltaCfopComSt);
  }
  return { ncm, op, situacao: sit?.situacao ?? null, aviso: sit?.aviso, cfop, faltando };
}

/** Only what is missing (empty = complete), the fast path of the cobertura. */
export function faltandoPara(
  produto: ProdutoMotor,
  loja: LojaMotor,
  operacao: OperacaoMotor,
  data: string,
  candidatos: EntradaMotor['candidatos'],
): string[] {
  return escolherCenarios({ produto, loja, operacao, data, candidatos }, false).faltando;
}

const ZERO_VALORES = {
  icms: {
    modBC: null,
    base: '0.00',
    reducaoBC: null,
    aliquota: '0.00',
    valor: '0.00',
    fcpAliquota: '0.00',
    fcpValor: '0.00',
    cBenef: null,
    aliquotaInterestadual: null,
  },
  st: { modBCST: null, mva: null, mvaAjustada: null, base: '0.00', aliquota: '0.00', valor: '0.00' },
  difal: {
    aplica: false,
    base: '0.00',
    aliquotaInterna: '0.00',
    aliquotaInterestadual: '0.00',
    valor: '0.00',
    fcpDestino: '0.00',
    valorFcp: '0.00',
  },
  ipi: { cst: null, cEnq: '999', base: '0.00', aliquota: '0.00', valor: '0.00' },
  pis: { cst: null, base: '0.00', aliquota: '0.00', valor: '0.00' },
  cofins: { cst: null, base: '0.00', aliquota: '0.00', valor: '0.00' },
} as const;

export function resolverTributacao(e: EntradaMotor): ResultadoTributacao {
  const { produto, loja, operacao, valores } = e;
  const escolha = escolherCenarios(e);
  const regraNcm = escolha.ncm.vencedora;
  const regraOp = escolha.op.vencedora;
  const { ufOrigem, ufDestino } = rota(loja, operacao);
  const exportacao = ufOrigem === 'EX' || ufDestino === 'EX';
  const aliquotaInter =
    ufOrigem === 'EX' || ufDestino === 'EX' ? null : aliquotaInterestadual(ufOrigem, ufDestino, produto.origem);
  const vProd = Decimal.de(valores.valorUnitario).vezes(valores.quantidade).arredondar(2, 'HALF_EVEN');
  const regras = [...escolha.ncm.regras, ...escolha.op.regras];
  const situacao = escolha.situacao;
  const csosn = usaCsosn(loja.crt);

  const valoresCalc = regraNcm
    ? calcular({
        regra: regraNcm,
        operacao: regraOp,
        situacao: situacao ?? '',
        entrada: ehEntrada(operacao.tipo),
        exportacao,
        aliquotaInter,
        aliquotaInternaOrigem: aliquotaInterna(loja.uf),
        aliquotaInternaDestino: ufDestino === 'EX' ? '0' : aliquotaInterna(ufDestino),
        contribuinte: operacao.contribuinte ?? false,
        regimeNormal: !csosn,
        regime: loja.regimeApuracao ?? (csosn ? 'SIMPLES' : 'LUCRO_PRESUMIDO'),
        vProd,
        frete: Decimal.de(valores.frete || '0'),
        outras: Decimal.de(valores.outras || '0'),
        desconto: Decimal.de(valores.desconto || '0'),
      })
    : { ...ZERO_VALORES, valorProduto: vProd.texto(2) };

  const mensagens = [regraNcm?.mensagemLegal, escolha.aviso].filter((m): m is string => !!m);
  return {
    completo: escolha.faltando.length === 0,
    faltando: escolha.faltando,
    cfop: escolha.cfop,
    naturezaOperacao: regraOp?.naturezaOperacao ?? null,
    abrangencia: abrangenciaDe(loja.uf, operacao.ufContraparte),
    cst: situacao && !csosn ? situacao : null,
    csosn: situacao && csosn ? situacao : null,
    origem: produto.origem,
    ...valoresCalc,
    naturezaReceita: regraNcm?.naturezaReceita ?? null,
    mensagemLegal: mensagens.length ? mensagens.join(' ') : null,
    processoJudicialId: regraNcm?.processoJudicialId ?? null,
    flags: regraOp
      ? {
          movimentaEstoque: regraOp.movimentaEstoque,
          geraFinanceiro: regraOp.geraFinanceiro,
          calculaIcms: regraOp.calculaIcms,
          calculaIpi: regraOp.calculaIpi,
          calculaPisCofins: regraOp.calculaPisCofins,
        }
      : null,
    regras,
  };
}
