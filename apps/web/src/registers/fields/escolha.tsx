/** Choices: boolean (switch), enum and UF (select), multi-enum (multi-select). */
import { Badge, MultiSelect, Select, Switch } from '@mantine/core';
import { UFS } from '@retaguarda/domain';
import { comuns, type DisplayProps, type InputProps, texto } from './tipos';

export function BooleanoInput(p: InputProps) {
  const c = comuns(p);
  return (
    <Switch
      label={p.semRotulo ? undefined : p.field.label}
      aria-label={p.field.label}
      description={c.description}
      error={c.error}
      size="sm"
      mt={p.semRotulo ? 0 : 'lg'}
      checked={p.value === true}
      disabled={c.readOnly}
      onChange={(e) => p.onChange(e.currentTarget.checked)}
      data-cy={c['data-cy']}
    />
  );
}

/** UFs alphabetical (the IBGE order RO, AC, AM… is the table's, not how people look for theirs). */
export const UFS_ALFABETICAS = [...UFS].sort();

const opcoes = (p: InputProps) =>
  p.field.type === 'uf' ? UFS_ALFABETICAS.map((u) => ({ value: u, label: u })) : [...(p.field.options ?? [])];

export function EnumInput(p: InputProps) {
  const c = comuns(p);
  return (
    <Select
      {...c}
      data={opcoes(p)}
      placeholder="Selecionar"
      nothingFoundMessage="Nenhum resultado"
      // typing picks the option (and Enter then moves on, as in every field); the declared order is kept
      searchable
      maxDropdownHeight={320}
      clearable={!p.field.required && !c.readOnly}
      comboboxProps={{ withinPortal: true }}
      value={texto(p.value) || null}
      onChange={(v) => p.onChange(v)}
    />
  );
}

export function MultiEnumInput(p: InputProps) {
  const c = comuns(p);
  return (
    <MultiSelect
      {...c}
      data={opcoes(p)}
      placeholder="Selecionar"
      nothingFoundMessage="Sem opções disponíveis"
      clearable={!c.readOnly}
      value={Array.isArray(p.value) ? p.value.map(String) : []}
      onChange={(v) => p.onChange(v)}
    />
  );
}

export function BooleanoDisplay({ field, value }: DisplayProps) {
  if (field.name === 'ativo') {
    return (
      <Badge size="sm" variant="light" color={value === false ? 'gray' : 'green'} radius="sm">
        {value === false ? 'Inativo' : 'Ativo'}
      </Badge>
    );
  }
  return <>{value === true ? 'Sim' : value === false ? 'Não' : ''}</>;
}

export function EnumDisplay({ field, value }: DisplayProps) {
  const rotulo = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? texto(v);
  return <>{Array.isArray(value) ? value.map(rotulo).join(', ') : rotulo(value)}</>;
}
