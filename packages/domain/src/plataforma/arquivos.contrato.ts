/**
 * File uploads: POST /api/v1/arquivos?tipo=<kind> takes multipart/form-data with the file in the field
 * `arquivo`, or the file's bytes as the body (its own Content-Type, the name in `?nome=` or
 * Content-Disposition), and answers the caller's own record (201, every time: the same bytes sent by
 * someone else are never named). Each kind declares who may send it, what it may be and how long it is
 * kept (retention: until a document takes it, then while the document needs it). Too big or over the
 * quota → 413/429; no (or an empty) `arquivo` → 422 on `arquivo`; a stalled body → 408.
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { type PermissionCode, perm } from '../permissions';

/** The multipart field that carries the file. */
export const CAMPO_ARQUIVO = 'arquivo';

export interface TipoDeArquivo {
  rotulo: string;
  /** any of these may send it (the workflows that read it) */
  permissoes: readonly PermissionCode[];
  /** accepted name endings (lower case, with the dot) */
  extensoes: readonly string[];
  /** bytes; under the server's UPLOAD_LIMIT_BYTES */
  limiteBytes: number;
  /** an upload no document took is deleted after this many days */
  diasSemDocumento: number;
  /** once its document lets it go, kept this many days more */
  diasAposDocumento: number;
  /** the content must also be this, by its first bytes (an extension proves nothing) */
  assinatura?: 'imagem';
}

const MB = 1024 * 1024;

export const TIPOS_DE_ARQUIVO = {
  // collector files and pasted lists for item grids (inventory counts, adjustments, transfers)
  coletor: {
    rotulo: 'arquivo de coletor',
    permissoes: [
      perm('INVENTARIO', 'INCLUIR'),
      perm('AJUSTE_ESTOQUE', 'INCLUIR'),
      perm('TRANSFERENCIA_ESTOQUE', 'INCLUIR'),
    ],
    extensoes: ['.txt', '.csv', '.xlsx'],
    limiteBytes: 50 * MB,
    diasSemDocumento: 2,
    diasAposDocumento: 90,
  },
  // bank statements for reconciliation
  'extrato-bancario': {
    rotulo: 'extrato bancário',
    permissoes: [perm('MANUTENCAO_OFX', 'INCLUIR'), perm('CONCILIACAO_DE_CC', 'INCLUIR')],
    extensoes: ['.ofx', '.txt', '.csv'],
    limiteBytes: 20 * MB,
    diasSemDocumento: 2,
    diasAposDocumento: 365,
  },
  // purchase orders read by an import layout
  'pedido-compra': {
    rotulo: 'pedido de compra',
    permissoes: [perm('LAYOUT_IMPORTACAO_COMPRA', 'INCLUIR'), perm('FORNECEDOR', 'INCLUIR')],
    extensoes: ['.txt', '.csv', '.xlsx', '.xml'],
    limiteBytes: 20 * MB,
    diasSemDocumento: 2,
    diasAposDocumento: 90,
  },
  // the supplier's NF-e XML entered as a purchase invoice
  'nfe-compra': {
    rotulo: 'XML de NF-e de compra',
    permissoes: [perm('NOTA_FISCAL_COMPRA', 'INCLUIR')],
    extensoes: ['.xml'],
    limiteBytes: 10 * MB,
    diasSemDocumento: 2,
    diasAposDocumento: 90,
  },
  // product pictures (the product's `imagem`), served by GET /arquivo/view?uuid= (api-compat C1)
  'produto-imagem': {
    rotulo: 'imagem de produto',
    permissoes: [perm('PRODUTO', 'INCLUIR'), perm('PRODUTO', 'EDITAR')],
    extensoes: ['.png', '.jpg', '.jpeg', '.webp'],
    limiteBytes: 5 * MB,
    diasSemDocumento: 2,
    diasAposDocumento: 30,
    assinatura: 'imagem',
  },
} as const satisfies Record<string, TipoDeArquivo>;
export type NomeTipoDeArquivo = keyof typeof TIPOS_DE_ARQUIVO;
export const NOMES_TIPOS_DE_ARQUIVO = Object.keys(TIPOS_DE_ARQUIVO) as [NomeTipoDeArquivo, ...NomeTipoDeArquivo[]];

/** Every permission that sends some kind (the route's first gate, before any byte is read). */
export const PERMISSOES_DE_ENVIO: readonly PermissionCode[] = [
  ...new Set(Object.values(TIPOS_DE_ARQUIVO).flatMap((t) => t.permissoes)),
];

export const envioDeArquivo = z.object({
  tipo: z.enum(NOMES_TIPOS_DE_ARQUIVO),
  nome: z.string().min(1).max(255).optional(),
});

export const arquivoEnviado = z.object({
  id: z.string(),
  sha256: z.string(),
  tamanho: z.number(),
  tipo: z.string(),
  /** when it is deleted unless a document takes it (local YYYY-MM-DDTHH:mm:ss) */
  expiraEm: instante.nullable(),
});
export type ArquivoEnviado = z.infer<typeof arquivoEnviado>;
