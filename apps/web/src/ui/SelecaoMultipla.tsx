import { Checkbox, Combobox, Group, Input, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useRef, useState } from 'react';
import type { TamanhoSelect } from './tamanhos';

export interface Opcao {
  value: string;
  label: string;
}

export interface SelecaoMultiplaProps {
  opcoes: readonly Opcao[];
  valor: readonly string[];
  /** Called when the dropdown closes by a click outside after a change (spec §2.3). */
  aoSalvar: (valor: string[]) => void;
  label?: string;
  placeholder?: string;
  /** Single-select mode: one value, no select-all. */
  unico?: boolean;
  maxChips?: number;
  tamanho?: TamanhoSelect;
  erro?: string | null;
  desabilitado?: boolean;
  'data-cy'?: string;
}

export const TEXTO_SEM_OPCOES = 'Sem opções disponíveis';
export const TEXTO_SELECIONAR_TODOS = 'Selecionar todos';

/** Multi-select with select-all, chips with '+N' overflow, saves on click outside, Esc closes (and discards). */
export function SelecaoMultipla({
  opcoes,
  valor,
  aoSalvar,
  label,
  placeholder = 'Selecionar',
  unico = false,
  maxChips = 2,
  tamanho = 'md',
  erro,
  desabilitado,
  ...rest
}: SelecaoMultiplaProps) {
  const [rascunho, setRascunho] = useState<string[]>([...valor]);
  const esc = useRef(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setRascunho([...valor]),
    onDropdownClose: () => {
      const mudou = rascunho.length !== valor.length || rascunho.some((v) => !valor.includes(v));
      if (esc.current) setRascunho([...valor]);
      else if (mudou) aoSalvar(rascunho);
      esc.current = false;
    },
  });
  const mostrado = combobox.dropdownOpened ? rascunho : valor;
  const todos = opcoes.length > 0 && opcoes.every((o) => rascunho.includes(o.value));

  const alternar = (v: string) => {
    if (unico) {
      setRascunho(rascunho.includes(v) ? [] : [v]);
      return;
    }
    setRascunho(rascunho.includes(v) ? rascunho.filter((x) => x !== v) : [...rascunho, v]);
  };
  const rotulo = (v: string) => opcoes.find((o) => o.value === v)?.label ?? v;
  const visiveis = mostrado.slice(0, maxChips);
  const resto = mostrado.length - visiveis.length;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => (v === '*' ? setRascunho(todos ? [] : opcoes.map((o) => o.value)) : alternar(v))}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          size={tamanho}
          error={erro || undefined}
          disabled={desabilitado}
          pointer
          onClick={() => combobox.toggleDropdown()}
          onKeyDownCapture={(e) => {
            if (e.key === 'Escape') esc.current = true;
          }}
          data-cy={rest['data-cy']}
        >
          <Pill.Group>
            {visiveis.map((v) => (
              <Pill key={v}>{rotulo(v)}</Pill>
            ))}
            {resto > 0 && <Pill data-cy="selecao-mais">+{resto}</Pill>}
            {mostrado.length === 0 && <Input.Placeholder>{placeholder}</Input.Placeholder>}
            <Combobox.EventsTarget>
              <PillsInput.Field
                readOnly
                w={mostrado.length ? 8 : 0}
                aria-label={label ?? placeholder}
                onBlur={() => combobox.closeDropdown()}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {opcoes.length === 0 && <Combobox.Empty>{TEXTO_SEM_OPCOES}</Combobox.Empty>}
          {!unico && opcoes.length > 0 && (
            <Combobox.Option value="*" active={todos}>
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  checked={todos}
                  readOnly
                  tabIndex={-1}
                  aria-hidden
                  style={{ pointerEvents: 'none' }}
                  size="xs"
                />
                <Text fz="sm" fw={600}>
                  {TEXTO_SELECIONAR_TODOS}
                </Text>
              </Group>
            </Combobox.Option>
          )}
          {opcoes.map((o) => (
            <Combobox.Option value={o.value} key={o.value} active={rascunho.includes(o.value)}>
              <Group gap="xs" wrap="nowrap">
                {!unico && (
                  <Checkbox
                    checked={rascunho.includes(o.value)}
                    readOnly
                    tabIndex={-1}
                    aria-hidden
                    style={{ pointerEvents: 'none' }}
                    size="xs"
                  />
                )}
                <Text fz="sm">{o.label}</Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
