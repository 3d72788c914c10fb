/**
 * Cenários fiscais (domain.md §3.5) — the rules' contract shared by the API (H5: CRUD under
 * /api/v1/fiscal/cenarios-fiscais/{ncm|operacao}) and the resolution engine (./motor). The simulator's shapes
 * are in ./simulacao.contrato, the cobertura's in ./cobertura.contrato, the field pieces in ./campos.
 *
 * Percentages and money are decimal strings on the wire ("18.00", "0.65"); ids are numbers; business dates
 * `YYYY-MM-DD`. A percentage is the number shown to people (18 means 18 %), never a fraction.
 * Each schema comes as its plain object (`campos…`, to extend or pick) and as the refined entry (`entrada…`)
 * with the rules between fields; what needs the official tables or the database (codes exist, overlapping
 * vigência → 409) is the server's.
 */
import { z } from 'zod';
import { type FalhaDeCampo, falhaDeCampo, instante } from '../../contrato';
import { errosVigencia } from '../vigencia';
import {
  ABRANGENCIAS,
  CRTS,
  CSOSNS,
  CSTS_ICMS,
  CSTS_IPI_ENTRADA,
  CSTS_IPI_SAIDA,
  CSTS_PIS_COFINS_ENTRADA,
  CSTS_PIS_COFINS_SAIDA,
  DIGITO_CFOP,
  ehEntrada,
  FINALIDADES,
  MODELOS,
  MODS_BC,
  MODS_BC_ST,
  TIPOS_OPERACAO,
  UFS_OU_TODAS,
  CFOPS_NFCE,
} from './codigos';
import { dataDoCenario, digitos, flag, pct, idOpcional, mva, percentual, textoOpcional } from './campos';
import { MSG_CENARIO } from './mensagens';

export { dataDoCenario };

// ── by NCM (how much) ─────────────────────────────────────────────────────────────────────────────────────

export const camposCenarioNcm = z.object({
  descricao: z
    .string({ error: 'informe a descrição.' })
    .trim()
    .min(1, 'informe a descrição.')
    .max(60, 'no máximo 60 caracteres.'),
  // scope: ncm (+ exceção TIPI, CEST) or grupoNcmId
  ncm: digitos(8, 'informe os 8 dígitos do NCM.')
    .nullish()
    .transform((v) => v ?? null),
  /** exceção da TIPI (EXTIPI), 1 to 3 digits */
  excecao: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, 'informe de 1 a 3 dígitos.')
    .nullish()
    .transform((v) => (v ? v : null)),
  cest: digitos(7, 'informe os 7 dígitos do CEST.')
    .nullish()
    .transform((v) => v ?? null),
  grupoNcmId: idOpcional('o grupo NCM'),
  ufOrigem: z.enum(UFS_OU_TODAS, { error: 'informe uma UF ou TODAS.' }),
  ufDestino: z.enum(UFS_OU_TODAS, { error: 'informe uma UF ou TODAS.' }),
  /** null = any ramo */
  ramoAtuacaoId: idOpcional('o ramo de atuação'),
  /** CRT of the issuer; null = any */
  crt: z
    .union(CRTS.map((c) => z.literal(c)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], {
      error: 'informe o CRT 1, 2, 3 ou 4.',
    })
    .nullish()
    .transform((v) => v ?? null),
  vigenciaInicio: dataDoCenario,
  vigenciaFim: dataDoCenario.nullish().transform((v) => v ?? null),
  // ICMS
  /** origem da mercadoria 0–8 the rule is for (null = any): the NF-e `orig` is always the product's */
  origem: z
    .string()
    .regex(/^[0-8]$/, 'informe a origem de 0 a 8.')
    .nullish()
    .transform((v) => v ?? null),
  cst: z
    .enum(CSTS_ICMS, { error: 'CST do ICMS inválido.' })
    .nullish()
    .transform((v) => v ?? null),
  csosn: z
    .enum(CSOSNS, { error: 'CSOSN inválido.' })
    .nullish()
    .transform((v) => v ?? null),
  modBC: z.enum(MODS_BC, { error: 'modalidade da base de cálculo inválida.' }).default('3'),
  aliquota: percentual(),
  reducaoBC: percentual(),
  fcp: percentual(),
  cBenef: z
    .string()
    .trim()
    .regex(/^([A-Z]{2}\d{6}|[A-Z]{2}[A-Z0-9]{6})?$/, 'o cBenef tem 8 caracteres (UF + 6).')
    .nullish()
    .transform((v) => (v ? v : null)),
  // ICMS-ST
  modBCST: z
    .enum(MODS_BC_ST, { error: 'modalidade da base de cálculo da ST inválida.' })
    .nullish()
    .transform((v) => v ?? null),
  mva: mva(),
  aliquotaSt: percentual(),
  reducaoBCST: percentual(),
  // DIFAL (EC 87/2015: sale to a non-contributor in another UF)
  difal: flag(false),
  aliquotaInternaDestino: percentual(),
  fcpDestino: percentual(),
  // IPI
  ipiCstEntrada: z
    .enum(CSTS_IPI_ENTRADA, { error: 'CST de entrada do IPI inválido.' })
    .nullish()
    .transform((v) => v ?? null),
  ipiCstSaida: z
    .enum(CSTS_IPI_SAIDA, { error: 'CST de saída do IPI inválido.' })
    .nullish()
    .transform((v) => v ?? null),
  ipiAliquota: percentual(),
  ipiCEnq: z
    .string()
    .trim()
    .regex(/^\d{3}$/, 'o código de enquadramento tem 3 dígitos.')
    .nullish()
    .transform((v) => (v ? v : '999')),
  // PIS/COFINS
  pisCofinsCstEntrada: z
    .enum(CSTS_PIS_COFINS_ENTRADA, { error: 'CST de entrada do PIS/COFINS inválido.' })
    .nullish()
    .transform((v) => v ?? null),
  pisCofinsCstSaida: z
    .enum(CSTS_PIS_COFINS_SAIDA, { error: 'CST de saída do PIS/COFINS inválido.' })
    .nullish()
    .transform((v) => v ?? null),
  aliquotaPis: percentual(),
  aliquotaCofins: percentual(),
  /** natureza da receita (EFD-Contribuições tables 4.3.10–4.3.16), 3 digits; required for CST 04–09 */
  naturezaReceita: z
    .string()
    .trim()
    .regex(/^\d{3}$/, 'a natureza da receita tem 3 dígitos.')
    .nullish()
    .transform((v) => (v ? v : null)),
  processoJudicialId: idOpcional('o processo judicial'),
  mensagemLegal: textoOpcional(500),
  ativo: z.boolean().default(true),
});
export type CamposCenarioNcm = z.output<typeof camposCenarioNcm>;

/** Rules between the fields of a scenario by NCM (the server adds the official tables and the overlap). */
export function errosCenarioNcm(c: CamposCenarioNcm): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [...errosVigencia(c.vigenciaInicio, c.vigenciaFim)];
  if (!c.ncm && !c.grupoNcmId) erros.push(falhaDeCampo('ncm', MSG_CENARIO.escopoObrigatorio));
  if (c.ncm && c.grupoNcmId) erros.push(falhaDeCampo('grupoNcmId', MSG_CENARIO.escopoDuplo));
  if (!c.ncm && (c.excecao || c.cest)) erros.push(falhaDeCampo(c.cest ? 'cest' : 'excecao', MSG_CENARIO.excecaoSemNcm));
  if (c.crt === 3 && c.csosn) erros.push(falhaDeCampo('csosn', MSG_CENARIO.csosnComCrt3));
  if (c.crt !== null && c.crt !== 3 && c.cst) erros.push(falhaDeCampo('cst', MSG_CENARIO.cstComSimples));
  if (c.crt === 3 && !c.cst) erros.push(falhaDeCampo('cst', MSG_CENARIO.cstObrigatorio));
  if (c.crt !== null && c.crt !== 3 && !c.csosn) erros.push(falhaDeCampo('csosn', MSG_CENARIO.csosnObrigatorio));
  if (c.crt === null && !c.cst && !c.csosn) erros.push(falhaDeCampo('cst', MSG_CENARIO.cstOuCsosn));
  if (c.mva !== null && !c.aliquotaSt) erros.push(falhaDeCampo('aliquotaSt', MSG_CENARIO.stSemAliquota));
  if (c.difal && !c.aliquotaInternaDestino)
    erros.push(falhaDeCampo('aliquotaInternaDestino', MSG_CENARIO.difalSemAliquota));
  if (c.ufOrigem !== 'TODAS' && c.ufOrigem === c.ufDestino && c.difal)
    erros.push(falhaDeCampo('difal', MSG_CENARIO.difalInterno));
  return erros;
}

const refinar =
  <T>(regras: (v: T) => FalhaDeCampo[]) =>
  (v: T, ctx: z.RefinementCtx) => {
    for (const e of regras(v)) ctx.addIssue({ code: 'custom', path: e.campo.split('.'), message: e.mensagem });
  };

export const entradaCenarioNcm = camposCenarioNcm.superRefine(refinar(errosCenarioNcm));
export type EntradaCenarioNcm = z.output<typeof entradaCenarioNcm>;
export type FormularioCenarioNcm = z.input<typeof entradaCenarioNcm>;

export const cenarioNcm = z.object({
  id: z.number(),
  descricao: z.string(),
  ncm: z.string().nullable(),
  excecao: z.string().nullable(),
  cest: z.string().nullable(),
  grupoNcmId: z.number().nullable(),
  ufOrigem: z.enum(UFS_OU_TODAS),
  ufDestino: z.enum(UFS_OU_TODAS),
  ramoAtuacaoId: z.number().nullable(),
  crt: z.number().nullable(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string().nullable(),
  origem: z.string().nullable(),
  cst: z.string().nullable(),
  csosn: z.string().nullable(),
  modBC: z.string(),
  aliquota: pct,
  reducaoBC: pct,
  fcp: pct,
  cBenef: z.string().nullable(),
  modBCST: z.string().nullable(),
  mva: pct,
  aliquotaSt: pct,
  reducaoBCST: pct,
  difal: z.boolean(),
  aliquotaInternaDestino: pct,
  fcpDestino: pct,
  ipiCstEntrada: z.string().nullable(),
  ipiCstSaida: z.string().nullable(),
  ipiAliquota: pct,
  ipiCEnq: z.string(),
  pisCofinsCstEntrada: z.string().nullable(),
  pisCofinsCstSaida: z.string().nullable(),
  aliquotaPis: pct,
  aliquotaCofins: pct,
  naturezaReceita: z.string().nullable(),
  processoJudicialId: z.number().nullable(),
  mensagemLegal: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: instante.optional(),
  alteradoEm: instante.optional(),
});
export type CenarioNcm = z.output<typeof cenarioNcm>;

// ── by operação (which operation) ─────────────────────────────────────────────────────────────────────────

const cfop = digitos(4, 'o CFOP tem 4 dígitos.');

export const camposCenarioOperacao = z.object({
  tipoOperacao: z.enum(TIPOS_OPERACAO, { error: 'informe o tipo de operação.' }),
  modelo: z.enum(MODELOS, { error: 'informe o modelo 55 ou 65.' }),
  finalidade: z.enum(FINALIDADES, { error: 'informe a finalidade 1, 2, 3 ou 4.' }).default('1'),
  abrangencia: z.enum(ABRANGENCIAS, { error: 'informe ESTADUAL, INTERESTADUAL ou EXTERIOR.' }),
  /** null = any ramo */
  ramoAtuacaoId: idOpcional('o ramo de atuação'),
  cfop,
  /** the CFOP when the NCM rule is ST (5405 instead of 5102) */
  cfopComSt: cfop.nullish().transform((v) => v ?? null),
  naturezaOperacao: z
    .string({ error: 'informe a natureza da operação.' })
    .trim()
    .min(1, 'informe a natureza da operação.')
    .max(60, 'no máximo 60 caracteres.'),
  movimentaEstoque: flag(true),
  geraFinanceiro: flag(true),
  calculaIcms: flag(true),
  calculaIpi: flag(false),
  calculaPisCofins: flag(true),
  /** a CST (2 digits) or CSOSN (3 digits) that overrides the NCM rule's */
  cstForcado: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (CSTS_ICMS as readonly string[]).includes(v) || (CSOSNS as readonly string[]).includes(v),
      'CST/CSOSN inválido.',
    )
    .nullish()
    .transform((v) => (v ? v : null)),
  vigenciaInicio: dataDoCenario,
  vigenciaFim: dataDoCenario.nullish().transform((v) => v ?? null),
  ativo: z.boolean().default(true),
});
export type CamposCenarioOperacao = z.output<typeof camposCenarioOperacao>;

/** The CFOP's first digit follows the direction and the abrangência; NFC-e takes only its list. */
export function errosCenarioOperacao(c: CamposCenarioOperacao): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [...errosVigencia(c.vigenciaInicio, c.vigenciaFim)];
  const digito = DIGITO_CFOP[c.abrangencia][ehEntrada(c.tipoOperacao) ? 'entrada' : 'saida'];
  for (const campo of ['cfop', 'cfopComSt'] as const) {
    const v = c[campo];
    if (!v) continue;
    if (v[0] !== digito)
      erros.push(falhaDeCampo(campo, MSG_CENARIO.cfopDirecao(digito, c.abrangencia, ehEntrada(c.tipoOperacao))));
    else if (c.modelo === '65' && !(CFOPS_NFCE as readonly string[]).includes(v))
      erros.push(falhaDeCampo(campo, MSG_CENARIO.cfopNfce));
  }
  if (c.modelo === '65' && (c.abrangencia !== 'ESTADUAL' || ehEntrada(c.tipoOperacao))) {
    erros.push(falhaDeCampo('modelo', MSG_CENARIO.nfceSoSaidaInterna));
  }
  return erros;
}

export const entradaCenarioOperacao = camposCenarioOperacao.superRefine(refinar(errosCenarioOperacao));
export type EntradaCenarioOperacao = z.output<typeof entradaCenarioOperacao>;
export type FormularioCenarioOperacao = z.input<typeof entradaCenarioOperacao>;

export const cenarioOperacao = z.object({
  id: z.number(),
  tipoOperacao: z.enum(TIPOS_OPERACAO),
  modelo: z.enum(MODELOS),
  finalidade: z.enum(FINALIDADES),
  abrangencia: z.enum(ABRANGENCIAS),
  ramoAtuacaoId: z.number().nullable(),
  cfop: z.string(),
  cfopComSt: z.string().nullable(),
  naturezaOperacao: z.string(),
  movimentaEstoque: z.boolean(),
  geraFinanceiro: z.boolean(),
  calculaIcms: z.boolean(),
  calculaIpi: z.boolean(),
  calculaPisCofins: z.boolean(),
  cstForcado: z.string().nullable(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: instante.optional(),
  alteradoEm: instante.optional(),
});
export type CenarioOperacao = z.output<typeof cenarioOperacao>;
