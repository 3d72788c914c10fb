/**
 * Reports API (viewer route /visualizacao-relatorio/:blob, spec §2.2, §3 "Files in processing"):
 * POST {register list path}/relatorio?q&sort&formato=pdf|xlsx and POST {register path}/{id}/historico
 * answer 202 with the request; GET /api/v1/relatorios (the caller's own), GET /api/v1/relatorios/{id}.
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { listaPaginada } from '../lista';

export const TIPOS_RELATORIO = [
  'LISTA_CADASTRO',
  'HISTORICO_REGISTRO',
  'EXTRATO_ESTOQUE',
  'EXTRATO_MOVIMENTACOES',
  'SALDO_ESTOQUE',
  'ETIQUETAS',
  'NFCE_DOCUMENTOS',
] as const;
export const FORMATOS_RELATORIO = ['PDF', 'XLSX'] as const;
export const STATUS_RELATORIO = ['PROCESSANDO', 'PRONTO', 'ERRO'] as const;
export type StatusRelatorio = (typeof STATUS_RELATORIO)[number];

export const relatorio = z.object({
  id: z.string(),
  usuarioId: z.number(),
  tipo: z.enum(TIPOS_RELATORIO),
  titulo: z.string(),
  formato: z.enum(FORMATOS_RELATORIO),
  status: z.enum(STATUS_RELATORIO),
  mensagemErro: z.string().nullable(),
  nomeArquivo: z.string().nullable(),
  mimeType: z.string().nullable(),
  tamanho: z.number().nullable(),
  criadoEm: instante,
  concluidoEm: instante.nullable(),
});
export type Relatorio = z.input<typeof relatorio>;

/** A report request's answer (202) and GET /api/v1/relatorios/{id}: with the viewer's route. */
export const relatorioComLink = relatorio.extend({ link: z.string() });
export type RelatorioComLink = z.input<typeof relatorioComLink>;

/** GET /api/v1/relatorios: the caller's own, newest first (status=PROCESSANDO: the files in processing). */
export const paginaDeRelatorios = listaPaginada(relatorio);
export type PaginaDeRelatorios = z.input<typeof paginaDeRelatorios>;

export const relatorioParams = z.object({ id: z.string().max(64) });

/** GET /api/v1/relatorios/{id}/arquivo (download=true: as an attachment). */
export const arquivoParametros = z.object({ download: z.enum(['true', 'false']).default('false') });
