/** One declared parameter's input, by its type (boolean switch, whole numbers with their unit, decimal, text, list). */
import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { ParametroConfigurado } from '@retaguarda/domain';

const SUFIXO: Partial<Record<ParametroConfigurado['tipo'], string>> = { minutos: ' min', horas: ' h' };

export function CampoParametro({
  p,
  valor,
  erro,
  desabilitado,
  aoMudar,
}: {
  p: ParametroConfigurado;
  valor: unknown;
  erro?: string;
  desabilitado: boolean;
  aoMudar: (v: unknown) => void;
}) {
  const comum = { 'aria-label': p.rotulo, disabled: desabilitado, error: erro, 'data-cy': `valor-${p.chave}` };
  switch (p.tipo) {
    case 'booleano':
      return (
        <Switch
          {...comum}
          checked={valor === true}
          label={valor === true ? 'Sim' : 'Não'}
          onChange={(e) => aoMudar(e.currentTarget.checked)}
        />
      );
    case 'inteiro':
    case 'minutos':
    case 'horas':
      return (
        <NumberInput
          {...comum}
          w={160}
          allowDecimal={false}
          min={p.limites?.min}
          max={p.limites?.max}
          suffix={SUFIXO[p.tipo]}
          value={typeof valor === 'number' ? valor : ''}
          onChange={(v) => aoMudar(typeof v === 'number' ? v : null)}
        />
      );
    case 'lista':
      return (
        <Select
          {...comum}
          w={240}
          data={(p.opcoes ?? []).map((o) => ({ value: o.valor, label: o.rotulo }))}
          value={typeof valor === 'string' ? valor : null}
          onChange={(v) => aoMudar(v)}
        />
      );
    default:
      return (
        <TextInput
          {...comum}
          w={p.tipo === 'decimal' ? 160 : 320}
          value={typeof valor === 'string' ? valor : ''}
          onChange={(e) => aoMudar(e.currentTarget.value)}
        />
      );
  }
}
