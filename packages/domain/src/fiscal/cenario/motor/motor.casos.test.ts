/**
 * Hand-checked cases of the resolution engine. Each case writes its arithmetic; values are R$ and rates %,
 * rounding HALF_EVEN to cents (ABNT NBR 5891), adjusted MVA to 4 places. Unless a case says otherwise:
 * one unit of R$ 100.00, store in SP with CRT 3 (lucro presumido: PIS 0.65 / COFINS 3.00), sale to a
 * non-contributor, date 2026-06-15, the operation rules below.
 */
import { describe, expect, it } from 'vitest';
import type { CenarioNcm, CenarioOperacao } from '../contrato';
import type { ResultadoTributacao } from '../simulacao.contrato';
import { MSG_CENARIO } from '../mensagens';
import { resolverTributacao } from './index';
import type { EntradaMotor } from './tipos';

type DeepPartial<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends readonly unknown[]
    ? T[K]
    : NonNullable<T[K]> extends object
      ? DeepPartial<NonNullable<T[K]>>
      : T[K];
};

const NCM = '33049990';
const regra = (p: Partial<CenarioNcm> = {}): CenarioNcm => ({
  id: 1,
  descricao: 'Cosméticos',
  ncm: NCM,
  excecao: null,
  cest: null,
  grupoNcmId: null,
  ufOrigem: 'TODAS',
  ufDestino: 'TODAS',
  ramoAtuacaoId: null,
  crt: null,
  vigenciaInicio: '2026-01-01',
  vigenciaFim: null,
  origem: null,
  cst: '00',
  csosn: '102',
  modBC: '3',
  aliquota: '18',
  reducaoBC: null,
  fcp: null,
  cBenef: null,
  modBCST: null,
  mva: null,
  aliquotaSt: null,
  reducaoBCST: null,
  difal: false,
  aliquotaInternaDestino: null,
  fcpDestino: null,
  ipiCstEntrada: null,
  ipiCstSaida: null,
  ipiAliquota: null,
  ipiCEnq: '999',
  pisCofinsCstEntrada: '50',
  pisCofinsCstSaida: '01',
  aliquotaPis: null,
  aliquotaCofins: null,
  naturezaReceita: null,
  processoJudicialId: null,
  mensagemLegal: null,
  ativo: true,
  ...p,
});
const st = (p: Partial<CenarioNcm> = {}) =>
  regra({ cst: '10', csosn: '201', modBCST: '4', mva: '40', aliquotaSt: '18', ...p });

const operacao = (p: Partial<CenarioOperacao>): CenarioOperacao => ({
  id: 100,
  tipoOperacao: 'VENDA',
  modelo: '55',
  finalidade: '1',
  abrangencia: 'ESTADUAL',
  ramoAtuacaoId: null,
  cfop: '5102',
  cfopComSt: '5403',
  naturezaOperacao: 'Venda de mercadoria',
  movimentaEstoque: true,
  geraFinanceiro: true,
  calculaIcms: true,
  calculaIpi: false,
  calculaPisCofins: true,
  cstForcado: null,
  vigenciaInicio: '2026-01-01',
  vigenciaFim: null,
  ativo: true,
  ...p,
});
const OPERACOES: CenarioOperacao[] = [
  operacao({ id: 101, modelo: '65', cfop: '5102', cfopComSt: '5405', naturezaOperacao: 'Venda NFC-e' }),
  operacao({ id: 102 }),
  operacao({
    id: 103,
    abrangencia: 'INTERESTADUAL',
    cfop: '6102',
    cfopComSt: '6403',
    naturezaOperacao: 'Venda interestadual',
  }),
  operacao({ id: 104, abrangencia: 'EXTERIOR', cfop: '7102', cfopComSt: null, naturezaOperacao: 'Exportação' }),
  operacao({
    id: 105,
    tipoOperacao: 'COMPRA',
    abrangencia: 'INTERESTADUAL',
    cfop: '2102',
    cfopComSt: '2403',
    naturezaOperacao: 'Compra',
  }),
];
const comIpi = OPERACOES.map((o) => ({ ...o, calculaIpi: true }));

function entrada(p: {
  regras: CenarioNcm[];
  operacoes?: CenarioOperacao[];
  uf?: EntradaMotor['loja']['uf'];
  crt?: EntradaMotor['loja']['crt'];
  regime?: EntradaMotor['loja']['regimeApuracao'];
  destino?: EntradaMotor['operacao']['ufContraparte'];
  modelo?: '55' | '65';
  tipo?: EntradaMotor['operacao']['tipo'];
  contribuinte?: boolean;
  ramo?: number | null;
  origem?: string;
  excecao?: string | null;
  cest?: string | null;
  grupo?: number | null;
  ncm?: string | null;
  valor?: string;
  quantidade?: string;
  frete?: string;
  desconto?: string;
  data?: string;
}): EntradaMotor {
  const uf = p.uf ?? 'SP';
  return {
    produto: {
      ncm: p.ncm === undefined ? NCM : p.ncm,
      excecao: p.excecao ?? null,
      cest: p.cest ?? null,
      origem: p.origem ?? '0',
      grupoNcmId: p.grupo ?? null,
    },
    loja: { uf, crt: p.crt ?? 3, regimeApuracao: p.regime ?? ((p.crt ?? 3) === 3 ? 'LUCRO_PRESUMIDO' : 'SIMPLES') },
    operacao: {
      tipo: p.tipo ?? 'VENDA',
      modelo: p.modelo ?? '55',
      ufContraparte: p.destino ?? uf,
      ramoAtuacaoId: p.ramo ?? null,
      contribuinte: p.contribuinte ?? false,
    },
    data: p.data ?? '2026-06-15',
    valores: {
      valorUnitario: p.valor ?? '100.00',
      quantidade: p.quantidade ?? '1',
      frete: p.frete,
      desconto: p.desconto,
    },
    candidatos: { ncm: p.regras, operacao: p.operacoes ?? OPERACOES },
  };
}

const casos: [string, EntradaMotor, DeepPartial<ResultadoTributacao>][] = [
  [
    // vBC 100.00 × 18 % = 18.00; PIS/COFINS base 100 − 18 = 82.00: PIS 82 × 0.65 % = 0.533 → 0.53, COFINS 82 × 3 % = 2.46
    '01 venda interna SP, regime normal, CST 00',
    entrada({ regras: [regra()], modelo: '65' }),
    {
      completo: true,
      cfop: '5102',
      cst: '00',
      csosn: null,
      abrangencia: 'ESTADUAL',
      icms: { base: '100.00', aliquota: '18.00', valor: '18.00', aliquotaInterestadual: null },
      pis: { cst: '01', base: '82.00', aliquota: '0.65', valor: '0.53' },
      cofins: { base: '82.00', aliquota: '3.00', valor: '2.46' },
    },
  ],
  [
    // 3 × 33.335 = 100.005 → HALF_EVEN 100.00 (HALF_UP would give 100.01); ICMS 100.00 × 18 % = 18.00
    '02 valor do produto arredondado HALF_EVEN',
    entrada({ regras: [regra()], valor: '33.335', quantidade: '3' }),
    { valorProduto: '100.00', icms: { base: '100.00', valor: '18.00' } },
  ],
  [
    // 2.5 × 0.25 = 0.625 → HALF_EVEN 0.62; ICMS 0.62 × 18 % = 0.1116 → 0.11
    '03 centavo par no empate',
    entrada({ regras: [regra()], valor: '0.25', quantidade: '2.5' }),
    { valorProduto: '0.62', icms: { base: '0.62', valor: '0.11' } },
  ],
  [
    // CST 20, redução 33.3333 %: base 100 × 66.6667 % = 66.6667 → 66.67; ICMS 66.67 × 18 % = 12.0006 → 12.00
    // PIS base 100 − 12 = 88: 0.572 → 0.57; COFINS 88 × 3 % = 2.64
    '04 CST 20 com redução de base (carga efetiva 12 %)',
    entrada({ regras: [regra({ cst: '20', reducaoBC: '33.3333' })] }),
    {
      cst: '20',
      icms: { base: '66.67', reducaoBC: '33.3333', valor: '12.00' },
      pis: { base: '88.00', valor: '0.57' },
      cofins: { valor: '2.64' },
    },
  ],
  [
    // CST 00 ignores a reduction (only 20/51/70/90/900 reduce): base 100, ICMS 18.00
    '05 redução ignorada fora dos CST com redução',
    entrada({ regras: [regra({ reducaoBC: '50' })] }),
    { icms: { base: '100.00', reducaoBC: null, valor: '18.00' } },
  ],
  [
    // CST 40 isenta: no ICMS; PIS/COFINS base = 100 − 0: 0.65 and 3.00
    '06 isento CST 40',
    entrada({ regras: [regra({ cst: '40', aliquota: null })], modelo: '65' }),
    {
      cfop: '5102',
      cst: '40',
      icms: { base: '0.00', valor: '0.00', aliquota: '0.00' },
      pis: { base: '100.00', valor: '0.65' },
      cofins: { valor: '3.00' },
    },
  ],
  [
    // Simples CRT 1, CSOSN 102: ICMS not highlighted; PIS/COFINS CST 49, rates of the Simples = 0
    '07 Simples Nacional CSOSN 102',
    entrada({ regras: [regra({ pisCofinsCstSaida: '49' })], crt: 1, modelo: '65' }),
    {
      cst: null,
      csosn: '102',
      cfop: '5102',
      icms: { base: '0.00', valor: '0.00' },
      pis: { cst: '49', aliquota: '0.00', valor: '0.00' },
    },
  ],
  [
    // Simples, CSOSN 300 imune/isento: everything 0
    '08 Simples isento CSOSN 300',
    entrada({ regras: [regra({ csosn: '300', pisCofinsCstSaida: '07' })], crt: 1 }),
    { csosn: '300', icms: { valor: '0.00' }, st: { valor: '0.00' }, pis: { cst: '07', base: '0.00', valor: '0.00' } },
  ],
  [
    // CST 10 intra: vBC 100, ICMS 18.00; BCST 100 × 1.40 = 140.00; ST 140 × 18 % = 25.20 − 18.00 = 7.20; CFOP 5403
    '09 ST interna CST 10 (MVA original)',
    entrada({ regras: [st()], contribuinte: true }),
    {
      cfop: '5403',
      cst: '10',
      icms: { base: '100.00', valor: '18.00' },
      st: { modBCST: '4', mva: '40.00', mvaAjustada: '40.00', base: '140.00', aliquota: '18.00', valor: '7.20' },
    },
  ],
  [
    // SP → MG inter-state 12 %: MVA aj = 140 × 88 / 82 − 100 = 150.243902… → 150.2439 − 100 = 50.2439
    // ICMS 100 × 12 % = 12.00; BCST 100 × 150.2439 % = 150.2439 → 150.24; ST 150.24 × 18 % = 27.0432 → 27.04 − 12.00 = 15.04
    '10 ST interestadual SP→MG com MVA ajustada (12 %)',
    entrada({ regras: [st()], destino: 'MG', contribuinte: true }),
    {
      cfop: '6403',
      abrangencia: 'INTERESTADUAL',
      icms: { base: '100.00', aliquota: '12.00', valor: '12.00', aliquotaInterestadual: '12.00' },
      st: { mva: '40.00', mvaAjustada: '50.2439', base: '150.24', valor: '15.04' },
    },
  ],
  [
    // SP → BA 7 %, ALQ intra BA 20.5: MVA aj = 140 × 93 / 79.5 − 100 = 163.773584… → 163.7736 − 100 = 63.7736
    // ICMS 7.00; BCST 163.7736 → 163.77; ST 163.77 × 20.5 % = 33.57285 → 33.57 − 7.00 = 26.57
    '11 ST interestadual SP→BA com MVA ajustada (7 %)',
    entrada({ regras: [st({ aliquotaSt: '20.5' })], destino: 'BA', contribuinte: true }),
    {
      icms: { aliquota: '7.00', valor: '7.00' },
      st: { mvaAjustada: '63.7736', base: '163.77', aliquota: '20.50', valor: '26.57' },
    },
  ],
  [
    // imported (origem 1) SP → MG: 4 % (Res. SF 13/2012); MVA aj = 140 × 96 / 82 − 100 = 163.902439… → 63.9024
    // ICMS 4.00; BCST 163.9024 → 163.90; ST 163.90 × 18 % = 29.502 → 29.50 − 4.00 = 25.50
    '12 importado 4 % com ST interestadual',
    entrada({ regras: [st()], destino: 'MG', origem: '1', contribuinte: true }),
    {
      origem: '1',
      icms: { aliquota: '4.00', valor: '4.00' },
      st: { mvaAjustada: '63.9024', base: '163.90', valor: '25.50' },
    },
  ],
  [
    // ALQ inter 12 ≥ ALQ intra 12: original MVA (Conv. 142/2018): BCST 140.00; ST 140 × 12 % = 16.80 − 12.00 = 4.80
    '13 MVA original quando a interestadual não é menor que a interna',
    entrada({ regras: [st({ aliquotaSt: '12' })], destino: 'MG', contribuinte: true }),
    { st: { mvaAjustada: '40.00', base: '140.00', valor: '4.80' } },
  ],
  [
    // CST 70: vBC 100 × 66.6667 % = 66.67, ICMS 12.00; BCST 140 × 66.6667 % = 93.33338 → 93.33;
    // ST 93.33 × 18 % = 16.7994 → 16.80 − 12.00 = 4.80
    '14 CST 70 redução na base própria e na ST',
    entrada({ regras: [st({ cst: '70', reducaoBC: '33.3333', reducaoBCST: '33.3333' })], contribuinte: true }),
    { cst: '70', icms: { base: '66.67', valor: '12.00' }, st: { base: '93.33', valor: '4.80' } },
  ],
  [
    // CST 60 on the NFC-e: ST charged before, nothing computed; CFOP com ST 5405; PIS base 100: 0.65 / 3.00
    '15 CST 60 no varejo (NFC-e 5405)',
    entrada({ regras: [regra({ cst: '60', aliquota: null })], modelo: '65' }),
    {
      cfop: '5405',
      cst: '60',
      icms: { base: '0.00', valor: '0.00' },
      st: { base: '0.00', valor: '0.00' },
      pis: { base: '100.00', valor: '0.65' },
    },
  ],
  [
    // Simples CSOSN 500 on the NFC-e: CFOP 5405, no values
    '16 Simples CSOSN 500 (NFC-e 5405)',
    entrada({ regras: [regra({ csosn: '500' })], crt: 1, modelo: '65' }),
    { cfop: '5405', csosn: '500', st: { valor: '0.00' } },
  ],
  [
    // CSOSN 201 intra: own ICMS not highlighted; BCST 140.00; ST 25.20 − own at the normal rate (100 × 18 % = 18.00) = 7.20
    '17 Simples CSOSN 201 com ST interna',
    entrada({ regras: [st()], crt: 1, contribuinte: true }),
    { cfop: '5403', csosn: '201', icms: { base: '0.00', valor: '0.00' }, st: { base: '140.00', valor: '7.20' } },
  ],
  [
    // CSOSN 202 SP → RJ 12 %, ALQ intra RJ 20: MVA aj = 140 × 88 / 80 − 100 = 54.0000; BCST 154.00;
    // ST 154 × 20 % = 30.80 − own at the inter-state rate (100 × 12 % = 12.00) = 18.80
    '18 Simples CSOSN 202 com ST interestadual',
    entrada({ regras: [st({ csosn: '202', aliquotaSt: '20' })], crt: 1, destino: 'RJ', contribuinte: true }),
    { cfop: '6403', csosn: '202', st: { mvaAjustada: '54.00', base: '154.00', valor: '18.80' } },
  ],
  [
    // CSOSN 203 (exempt own operation): nothing deducted: ST 140 × 18 % = 25.20
    '19 Simples CSOSN 203 sem dedução',
    entrada({ regras: [st({ csosn: '203' })], crt: 1, contribuinte: true }),
    { st: { base: '140.00', valor: '25.20' } },
  ],
  [
    // CST 30 (own exempt, ST charged): ST 140 × 18 % = 25.20 − 0
    '20 CST 30 isenta com ST',
    entrada({ regras: [st({ cst: '30' })], contribuinte: true }),
    { cfop: '5403', icms: { valor: '0.00' }, st: { valor: '25.20' } },
  ],
  [
    // PIS/COFINS monofásico CST 04 (revenda): 0; natureza da receita carried; ICMS 18.00
    '21 PIS/COFINS monofásico CST 04',
    entrada({ regras: [regra({ pisCofinsCstSaida: '04', naturezaReceita: '101' })], modelo: '65' }),
    {
      icms: { valor: '18.00' },
      pis: { cst: '04', base: '0.00', aliquota: '0.00', valor: '0.00' },
      cofins: { cst: '04', valor: '0.00' },
      naturezaReceita: '101',
    },
  ],
  [
    // SP → BA to a non-contributor: ICMS 7 % = 7.00; DIFAL 100 × (20.5 − 7) % = 13.50; FCP destino 100 × 2 % = 2.00
    // PIS base 100 − 7 = 93: 0.6045 → 0.60; COFINS 2.79
    '22 DIFAL consumidor não contribuinte SP→BA',
    entrada({ regras: [regra({ difal: true, aliquotaInternaDestino: '20.5', fcpDestino: '2' })], destino: 'BA' }),
    {
      cfop: '6102',
      icms: { aliquota: '7.00', valor: '7.00' },
      difal: {
        aplica: true,
        base: '100.00',
        aliquotaInterna: '20.50',
        aliquotaInterestadual: '7.00',
        valor: '13.50',
        fcpDestino: '2.00',
        valorFcp: '2.00',
      },
      pis: { base: '93.00', valor: '0.60' },
      cofins: { valor: '2.79' },
    },
  ],
  [
    // DIFAL with IPI for a consumer: IPI 100 × 10 % = 10.00 joins the ICMS base: 110 × 12 % = 13.20;
    // DIFAL 110 × (18 − 12) % = 6.60 (MG internal from the table); PIS 86.80 × 0.65 % = 0.5642 → 0.56; COFINS 2.604 → 2.60
    '23 DIFAL com IPI na base SP→MG',
    entrada({
      regras: [regra({ difal: true, ipiCstSaida: '50', ipiAliquota: '10' })],
      operacoes: comIpi,
      destino: 'MG',
    }),
    {
      ipi: { cst: '50', cEnq: '999', base: '100.00', aliquota: '10.00', valor: '10.00' },
      icms: { base: '110.00', valor: '13.20' },
      difal: { aplica: true, base: '110.00', aliquotaInterna: '18.00', valor: '6.60' },
      pis: { base: '86.80', valor: '0.56' },
      cofins: { valor: '2.60' },
    },
  ],
  [
    // contributor: no DIFAL, and IPI stays out of the ICMS base: ICMS 100 × 12 % = 12.00, IPI 10.00
    '24 contribuinte sem DIFAL e sem IPI na base',
    entrada({
      regras: [regra({ difal: true, ipiCstSaida: '50', ipiAliquota: '10' })],
      operacoes: comIpi,
      destino: 'MG',
      contribuinte: true,
    }),
    { icms: { base: '100.00', valor: '12.00' }, ipi: { valor: '10.00' }, difal: { aplica: false, valor: '0.00' } },
  ],
  [
    // Simples issuer to a non-contributor in another UF: no DIFAL (STF ADI 5.464)
    '25 Simples não recolhe DIFAL',
    entrada({ regras: [regra({ difal: true, aliquotaInternaDestino: '20.5' })], destino: 'BA', crt: 1 }),
    { csosn: '102', difal: { aplica: false, valor: '0.00' } },
  ],
  [
    // IPI joins the ST base: ICMS 18.00; BCST (100 + 10) × 1.40 = 154.00; ST 154 × 18 % = 27.72 − 18.00 = 9.72
    '26 IPI na base da ST',
    entrada({ regras: [st({ ipiCstSaida: '50', ipiAliquota: '10' })], operacoes: comIpi, contribuinte: true }),
    { icms: { base: '100.00', valor: '18.00' }, ipi: { valor: '10.00' }, st: { base: '154.00', valor: '9.72' } },
  ],
  [
    // RJ store, 20 % + FCP 2 %: ICMS 20.00, FCP 2.00
    '27 FCP interno RJ',
    entrada({ regras: [regra({ aliquota: '20', fcp: '2' })], uf: 'RJ' }),
    { icms: { aliquota: '20.00', valor: '20.00', fcpAliquota: '2.00', fcpValor: '2.00' } },
  ],
  [
    // same rule inter-state RJ → SP (12 %): FCP of the own ICMS only inside the UF → 0; ICMS 12.00
    '28 FCP não se aplica na interestadual',
    entrada({ regras: [regra({ aliquota: '20', fcp: '2' })], uf: 'RJ', destino: 'SP', contribuinte: true }),
    { icms: { valor: '12.00', fcpValor: '0.00' } },
  ],
  [
    // freight 10, discount 5: base 100 + 10 − 5 = 105: ICMS 18.90; PIS 105 − 18.90 = 86.10 × 0.65 % = 0.55965 → 0.56;
    // COFINS 86.10 × 3 % = 2.583 → 2.58
    '29 frete e desconto na base',
    entrada({ regras: [regra()], frete: '10', desconto: '5' }),
    { icms: { base: '105.00', valor: '18.90' }, pis: { base: '86.10', valor: '0.56' }, cofins: { valor: '2.58' } },
  ],
  [
    // lucro real without rates in the rule: 1.65 / 7.60 on 82.00: PIS 1.353 → 1.35; COFINS 6.232 → 6.23
    '30 lucro real: alíquotas do regime',
    entrada({ regras: [regra()], regime: 'LUCRO_REAL' }),
    { pis: { aliquota: '1.65', valor: '1.35' }, cofins: { aliquota: '7.60', valor: '6.23' } },
  ],
  [
    // export (CFOP 7102): ICMS immune, no DIFAL
    '31 exportação sem ICMS',
    entrada({ regras: [regra()], destino: 'EX' }),
    { cfop: '7102', abrangencia: 'EXTERIOR', icms: { valor: '0.00' }, difal: { aplica: false } },
  ],
  [
    // purchase MG → SP store: 12 %: ICMS 12.00; PIS/COFINS entry CST 50 with 1.65 / 7.60 on 88.00: 1.452 → 1.45, 6.688 → 6.69
    '32 compra interestadual com crédito',
    entrada({
      regras: [regra({ aliquotaPis: '1.65', aliquotaCofins: '7.60' })],
      tipo: 'COMPRA',
      destino: 'MG',
      contribuinte: true,
    }),
    {
      cfop: '2102',
      icms: { valor: '12.00' },
      pis: { cst: '50', base: '88.00', valor: '1.45' },
      cofins: { valor: '6.69' },
    },
  ],
  [
    // the operation forces CST 41 (não tributada): the NCM rule's 00 is replaced, no ICMS
    '33 CST forçado pela operação',
    entrada({ regras: [regra()], operacoes: OPERACOES.map((o) => ({ ...o, cstForcado: '41' })) }),
    { cst: '41', icms: { valor: '0.00' } },
  ],
  [
    // operation without ICMS (calculaIcms false): CST still reported, values 0
    '34 operação que não calcula ICMS',
    entrada({ regras: [regra()], operacoes: OPERACOES.map((o) => ({ ...o, calculaIcms: false })) }),
    { cst: '00', icms: { base: '0.00', valor: '0.00' }, flags: { calculaIcms: false } },
  ],
];

describe('motor de cenários fiscais — casos conferidos à mão', () => {
  it.each(casos)('%s', (_nome, e, esperado) => {
    expect(resolverTributacao(e)).toMatchObject(esperado);
  });
  it('tem pelo menos 30 casos', () => expect(casos.length).toBeGreaterThanOrEqual(30));
});

const aplicada = (r: ResultadoTributacao, tipo: 'NCM' | 'OPERACAO' = 'NCM') =>
  r.regras.filter((x) => x.tipo === tipo && x.aplicada).map((x) => x.id);
const motivo = (r: ResultadoTributacao, id: number, tipo: 'NCM' | 'OPERACAO' = 'NCM') =>
  r.regras.find((x) => x.tipo === tipo && x.id === id)?.motivo;

describe('motor — a regra mais específica em vigor vence', () => {
  it('NCM com exceção vence NCM sem exceção', () => {
    // exceção 01 at 12 % wins over the plain NCM at 18 %: ICMS 12.00
    const r = resolverTributacao(
      entrada({ regras: [regra({ id: 1 }), regra({ id: 2, excecao: '01', aliquota: '12' })], excecao: '01' }),
    );
    expect(aplicada(r)).toEqual([2]);
    expect(r.icms.valor).toBe('12.00');
    expect(motivo(r, 1)).toBe(MSG_CENARIO.motivo.menosEspecifica(2, MSG_CENARIO.porque.ncmExcecao));
  });
  it('NCM vence grupo NCM', () => {
    const r = resolverTributacao(
      entrada({ regras: [regra({ id: 1, ncm: null, grupoNcmId: 7, aliquota: '12' }), regra({ id: 2 })], grupo: 7 }),
    );
    expect(aplicada(r)).toEqual([2]);
    expect(motivo(r, 1)).toBe(MSG_CENARIO.motivo.menosEspecifica(2, MSG_CENARIO.porque.ncm));
  });
  it('grupo NCM vale quando não há regra do NCM; outro grupo não casa', () => {
    const r = resolverTributacao(
      entrada({
        regras: [
          regra({ id: 1, ncm: null, grupoNcmId: 7, aliquota: '12' }),
          regra({ id: 2, ncm: null, grupoNcmId: 8 }),
        ],
        grupo: 7,
      }),
    );
    expect(aplicada(r)).toEqual([1]);
    expect(r.icms.valor).toBe('12.00');
    expect(motivo(r, 2)).toBe(MSG_CENARIO.motivo.outroGrupo);
  });
  it('UF informada vence TODAS; outra UF não casa', () => {
    const r = resolverTributacao(
      entrada({
        regras: [
          regra({ id: 1 }),
          regra({ id: 2, ufDestino: 'SP', aliquota: '12' }),
          regra({ id: 3, ufDestino: 'RJ' }),
        ],
      }),
    );
    expect(aplicada(r)).toEqual([2]);
    expect(motivo(r, 1)).toBe(MSG_CENARIO.motivo.menosEspecifica(2, MSG_CENARIO.porque.ufDestino));
    expect(motivo(r, 3)).toBe(MSG_CENARIO.motivo.outraUfDestino('RJ'));
  });
  it('ramo informado vence qualquer ramo', () => {
    const r = resolverTributacao(entrada({ regras: [regra({ id: 1 }), regra({ id: 2, ramoAtuacaoId: 5 })], ramo: 5 }));
    expect(aplicada(r)).toEqual([2]);
    const semRamo = resolverTributacao(entrada({ regras: [regra({ id: 1 }), regra({ id: 2, ramoAtuacaoId: 5 })] }));
    expect(aplicada(semRamo)).toEqual([1]);
    expect(motivo(semRamo, 2)).toBe(MSG_CENARIO.motivo.outroRamo);
  });
  it('CRT informado vence qualquer CRT; regra sem CST para o CRT da loja não serve', () => {
    const r = resolverTributacao(entrada({ regras: [regra({ id: 1 }), regra({ id: 2, crt: 3, csosn: null })] }));
    expect(aplicada(r)).toEqual([2]);
    expect(motivo(r, 1)).toBe(MSG_CENARIO.motivo.menosEspecifica(2, MSG_CENARIO.porque.crt));
    const simples = resolverTributacao(entrada({ regras: [regra({ id: 1, csosn: null })], crt: 1 }));
    expect(simples.completo).toBe(false);
    expect(motivo(simples, 1)).toBe(MSG_CENARIO.motivo.semCstParaCrt(1));
  });
  it('fora da vigência e inativa não valem', () => {
    const r = resolverTributacao(
      entrada({
        regras: [
          regra({ id: 1, vigenciaFim: '2026-06-14', aliquota: '12' }),
          regra({ id: 2, vigenciaInicio: '2026-06-15' }),
          regra({ id: 3, ativo: false, ufDestino: 'SP' }),
          regra({ id: 4, vigenciaInicio: '2026-06-16', ufDestino: 'SP' }),
        ],
      }),
    );
    expect(aplicada(r)).toEqual([2]);
    expect(motivo(r, 1)).toBe(MSG_CENARIO.motivo.foraDaVigencia('2026-01-01', '2026-06-14'));
    expect(motivo(r, 3)).toBe(MSG_CENARIO.motivo.inativa);
    expect(motivo(r, 4)).toBe(MSG_CENARIO.motivo.foraDaVigencia('2026-06-16', null));
  });
  it('empate: vence o menor código, na ordem que for', () => {
    const a = regra({ id: 9, aliquota: '12' });
    const b = regra({ id: 4, aliquota: '7' });
    for (const regras of [
      [a, b],
      [b, a],
    ]) {
      const r = resolverTributacao(entrada({ regras }));
      expect(aplicada(r)).toEqual([4]);
      expect(r.icms.valor).toBe('7.00');
      expect(motivo(r, 9)).toBe(MSG_CENARIO.motivo.empate(4));
    }
  });
  it('operação: ramo informado vence; outro modelo e outra abrangência não casam', () => {
    const ops = [...OPERACOES, operacao({ id: 200, modelo: '65', cfop: '5101', cfopComSt: '5405', ramoAtuacaoId: 5 })];
    const r = resolverTributacao(entrada({ regras: [regra()], operacoes: ops, modelo: '65', ramo: 5 }));
    expect(aplicada(r, 'OPERACAO')).toEqual([200]);
    expect(r.cfop).toBe('5101');
    expect(motivo(r, 101, 'OPERACAO')).toBe(MSG_CENARIO.motivo.menosEspecifica(200, MSG_CENARIO.porque.ramo));
    expect(motivo(r, 102, 'OPERACAO')).toBe(MSG_CENARIO.motivo.outroModelo('55'));
    expect(motivo(r, 103, 'OPERACAO')).toBe(MSG_CENARIO.motivo.outroModelo('55'));
  });
});

describe('motor — tratamento incompleto', () => {
  it('sem cenário por NCM: diz o que falta e não calcula', () => {
    const r = resolverTributacao(entrada({ regras: [regra({ ncm: '22030000' })] }));
    expect(r.completo).toBe(false);
    expect(r.faltando).toEqual([MSG_CENARIO.faltaRegraNcm]);
    expect(r.icms.valor).toBe('0.00');
    expect(r.cfop).toBe('5102');
  });
  it('ST sem CFOP com ST na operação: sem CFOP', () => {
    const ops = OPERACOES.map((o) => ({ ...o, cfopComSt: null }));
    const r = resolverTributacao(entrada({ regras: [st()], operacoes: ops }));
    expect(r.cfop).toBeNull();
    expect(r.faltando).toEqual([MSG_CENARIO.faltaCfopComSt]);
  });
  it('sem cenário por operação', () => {
    const r = resolverTributacao(entrada({ regras: [regra()], operacoes: [] }));
    expect(r.completo).toBe(false);
    expect(r.faltando).toEqual([MSG_CENARIO.faltaRegraOperacao]);
    expect(r.flags).toBeNull();
  });
});

describe('motor — determinístico', () => {
  it('the same candidates in any order give the same result', () => {
    const regras = [
      regra({ id: 1 }),
      regra({ id: 2, ufDestino: 'MG', aliquota: '12' }),
      regra({ id: 3, ncm: null, grupoNcmId: 7, aliquota: '7' }),
      regra({ id: 4, crt: 3, csosn: null, aliquota: '4' }),
      regra({ id: 5, vigenciaFim: '2026-01-31' }),
      st({ id: 6, ufOrigem: 'SP', ufDestino: 'MG', cest: '2001500' }),
      regra({ id: 7, ramoAtuacaoId: 9 }),
    ];
    const base = resolverTributacao(entrada({ regras, destino: 'MG', grupo: 7, cest: '2001500', contribuinte: true }));
    expect(base.regras.find((r) => r.aplicada && r.tipo === 'NCM')?.id).toBe(6);
    let semente = 42;
    const aleatorio = () => {
      semente = (semente * 1_103_515_245 + 12_345) % 2 ** 31;
      return semente / 2 ** 31;
    };
    for (let i = 0; i < 50; i++) {
      const embaralhadas = [...regras].sort(() => aleatorio() - 0.5);
      const ops = [...OPERACOES].sort(() => aleatorio() - 0.5);
      expect(
        resolverTributacao(
          entrada({
            regras: embaralhadas,
            operacoes: ops,
            destino: 'MG',
            grupo: 7,
            cest: '2001500',
            contribuinte: true,
          }),
        ),
      ).toEqual(base);
    }
  });
});
