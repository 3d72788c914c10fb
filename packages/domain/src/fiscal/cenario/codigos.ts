/**
 * Codes of the cenários fiscais (domain.md §3.5), from the NF-e layout (MOC 7.0, NT 2016.002 and later):
 * ICMS CST (Tabela B of the Convênio SINIEF s/nº 1970) and CSOSN (Ajuste SINIEF 03/2010), modBC/modBCST,
 * IPI/PIS/COFINS CST (IN RFB 1.009/2010 tables) and the CFOPs NFC-e accepts (rejeição 725).
 */

import { UFS } from '../../assinante';

/** A scenario's UF scope: one UF or every UF. */
export const UFS_OU_TODAS = [...UFS, 'TODAS'] as const;
export type UfOuTodas = (typeof UFS_OU_TODAS)[number];

export const TIPOS_OPERACAO = [
  'VENDA',
  'DEVOLUCAO_VENDA',
  'COMPRA',
  'DEVOLUCAO_COMPRA',
  'TRANSFERENCIA_SAIDA',
  'TRANSFERENCIA_ENTRADA',
  'BONIFICACAO',
  'REMESSA',
  'PERDA',
  'CONSUMO_INTERNO',
  'BRINDE',
] as const;
export type TipoOperacao = (typeof TIPOS_OPERACAO)[number];
/** Operations that enter the store (CFOP 1/2/3xxx); the others leave it (5/6/7xxx). */
export const OPERACOES_ENTRADA: readonly TipoOperacao[] = ['DEVOLUCAO_VENDA', 'COMPRA', 'TRANSFERENCIA_ENTRADA'];
export const ehEntrada = (t: TipoOperacao): boolean => OPERACOES_ENTRADA.includes(t);

export const MODELOS = ['55', '65'] as const;
export type Modelo = (typeof MODELOS)[number];
/** finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução. */
export const FINALIDADES = ['1', '2', '3', '4'] as const;
export type Finalidade = (typeof FINALIDADES)[number];

/** ESTADUAL 5/1xxx, INTERESTADUAL 6/2xxx, EXTERIOR 7/3xxx. */
export const ABRANGENCIAS = ['ESTADUAL', 'INTERESTADUAL', 'EXTERIOR'] as const;
export type Abrangencia = (typeof ABRANGENCIAS)[number];
/** The CFOP's first digit by abrangência and direction. */
export const DIGITO_CFOP: Readonly<Record<Abrangencia, { entrada: string; saida: string }>> = {
  ESTADUAL: { entrada: '1', saida: '5' },
  INTERESTADUAL: { entrada: '2', saida: '6' },
  EXTERIOR: { entrada: '3', saida: '7' },
};

/** CRT of the issuer: 1 Simples Nacional, 2 Simples acima do sublimite, 3 Regime Normal, 4 MEI. */
export const CRTS = [1, 2, 3, 4] as const;
export type Crt = (typeof CRTS)[number];
/** CSOSN for CRT 1/2/4, CST for CRT 3. */
export const usaCsosn = (crt: number): boolean => crt !== 3;

export const CSTS_ICMS = ['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90'] as const;
export const CSOSNS = ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'] as const;
/** ST situations: the operation's `cfopComSt` is used (domain.md §3.5, resolution 1). */
export const CSTS_ST: readonly string[] = ['10', '30', '60', '70'];
export const CSOSNS_ST: readonly string[] = ['201', '202', '203', '500'];
export const ehSituacaoSt = (cstOuCsosn: string | null | undefined): boolean =>
  !!cstOuCsosn && (CSTS_ST.includes(cstOuCsosn) || CSOSNS_ST.includes(cstOuCsosn));

/** modBC: 0 margem valor agregado, 1 pauta, 2 preço tabelado máximo, 3 valor da operação. */
export const MODS_BC = ['0', '1', '2', '3'] as const;
/** modBCST: 0 preço tabelado, 1 lista negativa, 2 lista positiva, 3 lista neutra, 4 MVA, 5 pauta, 6 valor da operação. */
export const MODS_BC_ST = ['0', '1', '2', '3', '4', '5', '6'] as const;

export const CSTS_IPI_ENTRADA = ['00', '01', '02', '03', '04', '05', '49'] as const;
export const CSTS_IPI_SAIDA = ['50', '51', '52', '53', '54', '55', '99'] as const;

export const CSTS_PIS_COFINS_SAIDA = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '49'] as const;
export const CSTS_PIS_COFINS_ENTRADA = [
  '50',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '98',
  '99',
] as const;
/** Exit CSTs taxed by rate (01 alíquota básica, 02 diferenciada); 04 monofásica, 05 ST, 06 alíquota zero, 07 isenta, 08 sem incidência, 09 suspensão are not. */
export const CSTS_PIS_COFINS_TRIBUTADOS: readonly string[] = [
  '01',
  '02',
  '49',
  '50',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '99',
];

/** The only CFOPs NFC-e (modelo 65) accepts; anything else is rejeição 725 (NT 2015.002 and later). */
export const CFOPS_NFCE = ['5101', '5102', '5103', '5104', '5115', '5405', '5656', '5667', '5933'] as const;

/** cEnq when nothing else applies ("999 - Tributação normal IPI; Outros"). */
export const CENQ_PADRAO = '999';
