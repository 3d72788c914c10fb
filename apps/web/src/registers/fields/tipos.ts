import type { FieldDef } from '@retaguarda/domain';

export interface InputProps {
  field: FieldDef;
  value: unknown;
  onChange: (valor: unknown) => void;
  onBlur?: () => void;
  erro?: string;
  somenteLeitura?: boolean;
  /** form path, used for data-cy (`campo-endereco.cep`). */
  caminho: string;
  /** a bespoke screen's own data-cy for the field (default `campo-<caminho>`). */
  dataCy?: string;
  /** layout hint: inside an editable row the label is the column header. */
  semRotulo?: boolean;
  /** children/group: the nested error messages (`[linha][campo]` or `[campo]`). */
  errosInternos?: unknown;
  /** an area's own editor (contexto `editorDoCampo`): the form's current values, for fields that depend on others. */
  valores?: Record<string, unknown>;
  /** an area's own editor: sets other fields of the form (a store's CEP fills its address fields). */
  definirValores?: (valores: Record<string, unknown>) => void;
}

export interface DisplayProps {
  field: FieldDef;
  value: unknown;
}

/** Common Mantine props of every input: label, error below the field, required mark, help. */
export function comuns(p: InputProps) {
  const somenteLeitura = p.somenteLeitura === true || p.field.readOnly === true;
  return {
    label: p.semRotulo ? undefined : p.field.label,
    'aria-label': p.field.label,
    error: p.erro || undefined,
    withAsterisk: !p.somenteLeitura && p.field.required === true,
    description: p.semRotulo ? undefined : p.field.help,
    readOnly: p.somenteLeitura || p.field.readOnly,
    // a field that cannot be typed in looks it: grey fill, no focus ring invitation (Enter skips it)
    variant: somenteLeitura ? ('filled' as const) : ('default' as const),
    'data-somente-leitura': somenteLeitura || undefined,
    size: 'sm' as const,
    // help goes under the input so the inputs of a row stay aligned
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    onBlur: p.onBlur,
    'data-cy': p.dataCy ?? `campo-${p.caminho}`,
  };
}

export const texto = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The message at a nested error path (react-hook-form's error tree). */
export function mensagemEm(erros: unknown, ...caminho: (string | number)[]): string | undefined {
  let atual: unknown = erros;
  for (const k of caminho)
    atual = atual && typeof atual === 'object' ? (atual as Record<string | number, unknown>)[k] : undefined;
  const m = atual && typeof atual === 'object' ? (atual as { message?: unknown }).message : undefined;
  return typeof m === 'string' ? m : undefined;
}
