/** Field builders: short, typed declarations with the catalogue's defaults (domain.md §1.1). */
import type { EnumOption, FieldDef, RegisterDef } from './types';

type Opts = Partial<Omit<FieldDef, 'name' | 'type' | 'label'>>;
const mk =
  (type: FieldDef['type'], defaults: Opts = {}) =>
  (name: string, label: string, opts: Opts = {}): FieldDef => ({
    name,
    type,
    label,
    ...defaults,
    ...opts,
  });

export const f = {
  text: mk('text', { maxLength: 60 }),
  longText: mk('longText', { maxLength: 2000 }),
  integer: mk('integer'),
  decimal: mk('decimal', { precision: 13, scale: 4 }),
  money: (name: string, label: string, opts: Opts = {}) =>
    mk('money', { precision: 13, scale: 2, ...(opts.negativo ? {} : { min: 0 }) })(name, label, opts),
  percent: mk('percent', { precision: 3, scale: 4, min: 0, max: 100 }),
  quantity: mk('quantity', { precision: 12, scale: 3, min: 0 }),
  date: mk('date'),
  datetime: mk('datetime'),
  boolean: mk('boolean', { default: false }),
  reference: (name: string, label: string, ref: string, opts: Opts = {}) =>
    mk('reference')(name, label, { ref, ...opts }),
  multiReference: (name: string, label: string, ref: string, opts: Opts = {}) =>
    mk('multiReference')(name, label, { ref, ...opts }),
  enumOf: (name: string, label: string, options: readonly (string | EnumOption)[], opts: Opts = {}) =>
    mk('enum')(name, label, {
      options: options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o)),
      ...opts,
    }),
  multiEnum: (name: string, label: string, options: readonly (string | EnumOption)[], opts: Opts = {}) =>
    mk('multiEnum')(name, label, {
      options: options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o)),
      ...opts,
    }),
  loja: mk('loja', { ref: 'loja' }),
  lojas: mk('lojas', { ref: 'loja' }),
  uf: mk('uf'),
  cnpj: mk('cnpj'),
  cpf: mk('cpf'),
  cpfCnpj: mk('cpfCnpj'),
  cep: mk('cep'),
  phone: mk('phone'),
  email: mk('email', { maxLength: 120 }),
  color: mk('color'),
  ncm: mk('ncm', { ref: 'ncm' }),
  cest: mk('cest', { ref: 'cest' }),
  cfop: mk('cfop', { ref: 'cfop' }),
  ibge: mk('ibge', { ref: 'municipio' }),
  gtin: mk('gtin'),
  children: (name: string, label: string, table: string, parentColumn: string, fields: FieldDef[], opts: Opts = {}) =>
    mk('children')(name, label, { table, parentColumn, fields, ...opts }),
  group: (name: string, label: string, fields: FieldDef[], opts: Opts = {}) =>
    mk('group')(name, label, { fields, ...opts }),
};

/** Every register carries these (domain.md §1.2); the server manages the read-only ones. */
export function standardFields(idKind: 'serial' | 'code'): FieldDef[] {
  return [
    idKind === 'serial'
      ? f.integer('id', 'Código', { readOnly: true })
      : f.text('id', 'Código', { required: true, maxLength: 20 }),
    f.text('idExterno', 'Código externo', { maxLength: 60 }),
    f.boolean('ativo', 'Ativo', { default: true }),
    f.datetime('criadoEm', 'Criado em', { readOnly: true }),
    f.datetime('alteradoEm', 'Alterado em', { readOnly: true }),
    f.integer('versao', 'Versão', { readOnly: true }),
  ];
}

export const STANDARD_NAMES = new Set(['id', 'idExterno', 'ativo', 'criadoEm', 'alteradoEm', 'versao']);

type Input = Omit<RegisterDef, 'fields' | 'list' | 'sections'> & {
  fields: FieldDef[];
  list?: Partial<RegisterDef['list']>;
  sections?: RegisterDef['sections'];
};

/** Adds the standard fields and the list/form defaults of §1.2 (Código, Descrição, Situação; -id). */
export function defineRegister(input: Input): RegisterDef {
  const idKind = input.idKind ?? 'serial';
  const own = new Set(input.fields.map((x) => x.name));
  const fields = [...standardFields(idKind).filter((s) => !own.has(s.name)), ...input.fields];
  const scalar = fields
    .filter((x) => x.type !== 'children' && x.type !== 'group' && !x.virtual && !x.hidden)
    .map((x) => x.name);
  const hasDescricao = own.has('descricao');
  const list = {
    columns: input.list?.columns ?? [
      { field: 'id' },
      ...(hasDescricao ? [{ field: 'descricao' }] : []),
      { field: 'ativo', label: 'Situação' },
    ],
    defaultSort: input.list?.defaultSort ?? '-id',
    filters:
      input.list?.filters ??
      scalar.filter((n) => !['criadoEm', 'alteradoEm', 'versao'].includes(n)).concat(['criadoEm', 'alteradoEm']),
    search: input.list?.search ?? (hasDescricao ? ['descricao'] : []),
  };
  const sections = input.sections ?? [
    {
      title: 'Dados gerais',
      fields: fields.filter((x) => !x.readOnly && !x.hidden && x.name !== 'id').map((x) => x.name),
    },
  ];
  return { canCreate: true, canDelete: true, ...input, idKind, fields, list, sections };
}

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The DB column of a field (group members are prefixed: endereco.cep → endereco_cep). */
export function columnOf(field: FieldDef, prefix?: string): string {
  return field.column ?? (prefix ? `${snake(prefix)}_${snake(field.name)}` : snake(field.name));
}
