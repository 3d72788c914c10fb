/**
 * The shape of a register declaration (architecture §5): one object per cadastro from which
 * the server derives routes + SQL and the web derives list and form screens.
 */
import type { PermissionBase } from '../permissions';

export type FieldType =
  | 'text'
  | 'longText'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'percent'
  | 'quantity'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum'
  | 'multiEnum'
  | 'reference'
  | 'multiReference'
  | 'loja'
  | 'lojas'
  | 'uf'
  | 'cnpj'
  | 'cpf'
  | 'cpfCnpj'
  | 'cep'
  | 'phone'
  | 'email'
  | 'color'
  | 'ncm'
  | 'cest'
  | 'cfop'
  | 'ibge'
  | 'gtin'
  | 'children'
  | 'group';

export interface EnumOption {
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  label: string;
  /** DB column; defaults to snake_case(name) (with the group prefix for group members). */
  column?: string;
  required?: boolean;
  /** text: max length; numbers: see min/max. */
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  /** money/decimal: negatives allowed (the builder then drops its min 0; the input takes a "-"). */
  negativo?: boolean;
  /** decimals kept for decimal types (money 2, percent 4, quantity 3). */
  scale?: number;
  /** digits before the decimal point. */
  precision?: number;
  /** text stored upper-case (siglas, placas). */
  upper?: boolean;
  pattern?: { regex: string; message: string };
  /** enum/multiEnum: the allowed values; text: the values its form offers (a hook checks them). */
  options?: readonly EnumOption[];
  /** reference/multiReference: key of the referenced register (or a global table). */
  ref?: string;
  /** unique key (per tenant; `ativos` = among active rows only); 409 names the field. */
  unique?: boolean | 'ativos';
  default?: unknown;
  help?: string;
  /** computed or managed by the server: shown, never written by clients. */
  readOnly?: boolean;
  /** not sent to clients (e.g. internal columns). */
  hidden?: boolean;
  /** children: sub-fields and the child table (FK column `parentColumn`). */
  fields?: readonly FieldDef[];
  table?: string;
  parentColumn?: string;
  /** not persisted in this table (served by a hook). */
  virtual?: boolean;
}

export interface ListColumn {
  field: string;
  label?: string;
  width?: number;
}

export interface FormSection {
  title: string;
  fields: readonly string[];
}

export interface RegisterPath {
  /** under /api, e.g. /v1/produto/marcas; `:param` segments are fixed filters named after fields. */
  path: string;
  /** answer lists as a bare JSON array (api-compat "bare arrays"). */
  bare?: boolean;
  /** answer `{items}` only (spec's /api/v1/setor, /api/v1/holdings); list only. */
  itemsOnly?: boolean;
  /** list-only alias (no writes through this path). */
  readOnly?: boolean;
}

/**
 * A register's names and the sentences the engine and the screens say about one record, written out in
 * full (the code never inflects a word by gender or number).
 */
export interface RegisterLabel {
  singular: string;
  plural: string;
  /** 404: 'Marca não encontrada.' */
  naoEncontrado: string;
  /** after a create: 'Marca incluída.' */
  incluido: string;
  /** after a delete: 'Marca excluída.' */
  excluido: string;
  /** with its indefinite article, inside a sentence: 'uma marca' ('Já existe uma marca com…') */
  indefinido: string;
  /** with its definite article, inside a sentence: 'a marca' ('… a marca está em uso.') */
  definido: string;
}

export interface RegisterDef {
  key: string;
  /** 'BOTICARIO': a franchise-only register (its screens are; the API refuses a TODOS tenant, 403) */
  tipoCliente?: 'BOTICARIO';
  table: string;
  /** pt-BR labels and the register's messages, written out. */
  label: RegisterLabel;
  area:
    | 'Produto'
    | 'Fiscal'
    | 'Pessoa'
    | 'Administrativo'
    | 'Financeiro'
    | 'Estoque'
    | 'Frente de loja'
    | 'Venda'
    | 'Compras';
  /** web route of the list (the form is `${route}/cadastro/:id?`). */
  route: string;
  paths: readonly RegisterPath[];
  permissao: PermissionBase;
  /** 'serial': integer id from the database; 'code': client-given text key (NCM, gênero, barcodes). */
  idKind?: 'serial' | 'code';
  idPattern?: { regex: string; message: string };
  fields: readonly FieldDef[];
  list: { columns: readonly ListColumn[]; defaultSort: string; filters: readonly string[]; search: readonly string[] };
  sections: readonly FormSection[];
  /** the row belongs to a store: reads limited to the user's stores, writes require the store. */
  lojaField?: string;
  canCreate?: boolean;
  canDelete?: boolean;
  /** global table (no assinante_id, no RLS): official reference data. */
  global?: boolean;
  /** reading: any session (lojas) or administrators only (learning resources); writing: administrators only. */
  acesso?: { leitura?: 'sessao' | 'admin'; escrita?: 'admin' };
  /** big table: unfiltered totals come from contagem_registro (kept by triggers, migration 0017). */
  contagem?: boolean;
  /** false: the table is a view that cannot be locked FOR UPDATE (NCM). */
  lock?: boolean;
  /** named server hooks for special rules (apps/server/src/modules/<area>/<register>.hooks.ts). */
  hooks?: readonly string[];
}
