/**
 * Maintenance of the official tables known to be old or incomplete (CFOP, CEST, NF-e cStat — SOURCES.md):
 * GET /api/v1/fiscal/tabelas-oficiais (version, load date, rows added by hand, the screens' notice) and
 * POST /api/v1/fiscal/tabelas-oficiais/{cfop|cest|cstat} (administrators; 201 with the added row); the SPED
 * natureza da receita tables' upload.
 */
import { z } from 'zod';
import { somenteDigitos } from '../documentos';
import { FORMATO_CODIGO, TABELAS_NATUREZA_RECEITA, type TabelaIncompleta } from './tabelas-oficiais';

const codigo = (t: TabelaIncompleta) =>
  z
    .string()
    .transform((s) => somenteDigitos(s))
    .refine((s) => FORMATO_CODIGO[t].regex.test(s), FORMATO_CODIGO[t].mensagem);
const texto = (min: number, max: number) => z.string().trim().min(min).max(max);

export const TIPOS_CSTAT = ['sucesso', 'rejeicao', 'denegacao', 'servico_ou_processamento'] as const;

export const cfopEntrada = z.object({ codigo: codigo('cfop'), descricao: texto(3, 500) });
export const cstatEntrada = z.object({
  codigo: codigo('cstat'),
  descricao: texto(3, 1000),
  tipo: z.enum(TIPOS_CSTAT).default('rejeicao'),
});
export const cestEntrada = z.object({
  codigo: codigo('cest'),
  ncm: z
    .string()
    .transform((s) => somenteDigitos(s))
    .refine((s) => /^\d{2,8}$/.test(s), 'NCM inválido: informe de 2 a 8 dígitos (código ou prefixo).'),
  segmento: texto(2, 200),
  descricao: texto(3, 1000),
});
export type CfopEntrada = z.input<typeof cfopEntrada>;
export type CstatEntrada = z.input<typeof cstatEntrada>;
export type CestEntrada = z.input<typeof cestEntrada>;

/** The added row as stored (codes in digits). */
export const cfopIncluido = z.object({ codigo: z.string(), descricao: z.string() });
export const cstatIncluido = z.object({ codigo: z.string(), descricao: z.string(), tipo: z.enum(TIPOS_CSTAT) });
export const cestIncluido = z.object({
  codigo: z.string(),
  ncm: z.string(),
  segmento: z.string(),
  descricao: z.string(),
});

export const situacaoDasTabelas = z.object({
  items: z.array(
    z.object({
      tabela: z.enum(['cfop', 'cest', 'cstat']),
      versao: z.string().nullable(),
      /** local date-time text of the load (YYYY-MM-DDTHH:mm:ss) */
      carregadaEm: z.string().nullable(),
      incluidosManualmente: z.number(),
      aviso: z.string(),
    }),
  ),
});
export type SituacaoDasTabelas = z.input<typeof situacaoDasTabelas>;

/**
 * POST /api/v1/fiscal/naturezas-receita/tabelas: the official SPED file's text (read as ISO-8859-1 by the
 * screen), parsed and validated line by line by the server; 201 with the new version.
 */
export const entradaTabelaNatureza = z.object({
  tabela: z.enum(TABELAS_NATUREZA_RECEITA.map((t) => t.tabela) as [string, ...string[]]),
  arquivo: z.string().trim().min(1).max(200),
  conteudo: z.string().min(1).max(4_000_000),
});
export type EntradaTabelaNatureza = z.input<typeof entradaTabelaNatureza>;
export const tabelaNaturezaCarregada = z.object({
  id: z.number(),
  tabela: z.string(),
  arquivo: z.string(),
  linhas: z.number(),
  sha256: z.string(),
});
