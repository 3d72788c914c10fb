/** One form section: a dense 12-column grid, each field through its type's input (react-hook-form). */
import { Grid, Paper, Title } from '@mantine/core';
import type { FieldDef, FormSection, RegisterDef } from '@retaguarda/domain';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { useContextoCadastros } from '../contexto';
import { inputDe } from '../fields';

/** Columns (of 12, from md up) by type: short codes narrow, texts wider, collections full width. */
export function larguraDe(f: FieldDef): number {
  if (['longText', 'group', 'children', 'multiReference', 'multiEnum', 'lojas'].includes(f.type)) return 12;
  if (['reference', 'ncm', 'email'].includes(f.type)) return 6;
  if (f.type === 'text') return (f.maxLength ?? 60) <= 20 ? 3 : 6;
  if (f.type === 'enum') return (f.options ?? []).some((o) => o.label.length > 18) ? 6 : 3;
  return 3;
}

interface Props {
  def: RegisterDef;
  secao: FormSection;
  control: Control<Record<string, unknown>>;
  erros: FieldErrors<Record<string, unknown>>;
  somenteLeitura: boolean;
  editando: boolean;
  /** sets other fields of the form (given to an area's own editors only) */
  definirValores?: (valores: Record<string, unknown>) => void;
}

export function SecaoCampos({ def, secao, control, erros, somenteLeitura, editando, definirValores }: Props) {
  // the register's own fields first; the standard ones (código externo, ativo) close the section
  const { editorDoCampo } = useContextoCadastros();
  // an area's editor may depend on other fields (grupo on seção): it gets the form's values
  const valores = useWatch({ control, disabled: !secao.fields.some((n) => editorDoCampo?.(def.key, n)) });
  const fim = (n: string) => (n === 'idExterno' || n === 'ativo' ? 1 : 0);
  const campos = [...secao.fields]
    .sort((a, b) => fim(a) - fim(b))
    .map((n) => def.fields.find((f) => f.name === n))
    .filter((f): f is FieldDef => !!f && !f.hidden);
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label={secao.title}>
      <Title order={2} fz="md" fw={600} mb="sm">
        {secao.title}
      </Title>
      <Grid gap="sm" rowGap="xs">
        {campos.map((f) => {
          const proprio = editorDoCampo?.(def.key, f.name);
          const Input = proprio ?? inputDe(f);
          // a code-keyed record gets its code once: it is not changed afterwards
          const travado = f.readOnly || (f.name === 'id' && editando);
          return (
            <Grid.Col key={f.name} span={{ base: 12, sm: Math.min(12, larguraDe(f) * 2), md: larguraDe(f) }}>
              <Controller
                name={f.name}
                control={control}
                render={({ field, fieldState }) => (
                  <Input
                    field={f}
                    value={field.value}
                    onChange={field.onChange}
                    // leaving a field untouched (the first one is focused on open) says nothing yet: a
                    // "Campo obrigatório." there would push the page down under the user's click
                    onBlur={() => (fieldState.isDirty || fieldState.invalid) && field.onBlur()}
                    erro={fieldState.error?.message}
                    errosInternos={erros[f.name]}
                    somenteLeitura={somenteLeitura || travado}
                    caminho={f.name}
                    valores={proprio ? valores : undefined}
                    definirValores={proprio ? definirValores : undefined}
                  />
                )}
              />
            </Grid.Col>
          );
        })}
      </Grid>
    </Paper>
  );
}
