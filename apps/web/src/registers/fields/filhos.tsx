/** Child collections (a supplier's contacts, a product's barcodes) as editable rows, and groups (endereço). */
import { ActionIcon, Button, Group, SimpleGrid, Table, Text, Tooltip } from '@mantine/core';
import type { FieldDef } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { type DisplayProps, type InputProps, mensagemEm } from './tipos';

type Linha = Record<string, unknown>;
export type InputDe = (f: FieldDef) => ComponentType<InputProps>;
export type DisplayDe = (f: FieldDef) => ComponentType<DisplayProps>;

const editaveis = (f: FieldDef) => (f.fields ?? []).filter((x) => !x.readOnly && !x.hidden);

export function novaLinha(f: FieldDef): Linha {
  return Object.fromEntries(editaveis(f).map((x) => [x.name, x.default ?? null]));
}

export function FilhosInput(p: InputProps & { inputDe: InputDe }) {
  const linhas = Array.isArray(p.value) ? (p.value as Linha[]) : [];
  const campos = editaveis(p.field);
  const ro = p.somenteLeitura || p.field.readOnly;
  const mudar = (i: number, nome: string, v: unknown) =>
    p.onChange(linhas.map((l, j) => (j === i ? { ...l, [nome]: v } : l)));
  // 'Adicionar' hands the typing to the new row's first cell (Enter on the button would add another empty row)
  const raiz = useRef<HTMLDivElement>(null);
  const [focar, setFocar] = useState<number | null>(null);
  useEffect(() => {
    if (focar === null || focar >= linhas.length) return;
    setFocar(null);
    const celula = raiz.current?.querySelectorAll('tbody tr')[focar];
    celula?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button[role=switch]')?.focus();
  }, [focar, linhas.length]);
  return (
    <div ref={raiz} data-cy={`campo-${p.caminho}`}>
      <Group justify="space-between" mb={4}>
        <Text fz="sm" fw={500}>
          {p.field.label}
        </Text>
        {!ro && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              p.onChange([...linhas, novaLinha(p.field)]);
              setFocar(linhas.length);
            }}
            data-cy={`adicionar-${p.caminho}`}
          >
            Adicionar
          </Button>
        )}
      </Group>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {campos.map((c) => (
              <Table.Th key={c.name} fz="xs">
                {c.label}
                {c.required && !ro ? ' *' : ''}
              </Table.Th>
            ))}
            {!ro && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={campos.length + 1}>
                <Text fz="sm" c="dimmed" ta="center" py={4}>
                  Nenhum item informado.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {linhas.map((linha, i) => (
            // rows have no stable id until saved; the index is their identity while editing
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              {campos.map((c) => {
                const Input = p.inputDe(c);
                return (
                  <Table.Td key={c.name} valign="top">
                    <Input
                      field={c}
                      value={linha[c.name]}
                      onChange={(v) => mudar(i, c.name, v)}
                      erro={mensagemEm(p.errosInternos, i, c.name)}
                      somenteLeitura={ro}
                      caminho={`${p.caminho}.${i}.${c.name}`}
                      semRotulo
                    />
                  </Table.Td>
                );
              })}
              {!ro && (
                <Table.Td valign="top">
                  <Tooltip label="Remover">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      aria-label={`Remover linha ${i + 1}`}
                      onClick={() => p.onChange(linhas.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {p.erro && (
        <Text c="red" fz="xs" mt={4}>
          {p.erro}
        </Text>
      )}
    </div>
  );
}

export function GrupoInput(p: InputProps & { inputDe: InputDe }) {
  const valor = (p.value && typeof p.value === 'object' ? p.value : {}) as Linha;
  const campos = (p.field.fields ?? []).filter((x) => !x.hidden);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs" data-cy={`campo-${p.caminho}`}>
      {campos.map((c) => {
        const Input = p.inputDe(c);
        return (
          <Input
            key={c.name}
            field={c}
            value={valor[c.name]}
            onChange={(v) => p.onChange({ ...valor, [c.name]: v })}
            erro={mensagemEm(p.errosInternos, c.name)}
            somenteLeitura={p.somenteLeitura}
            caminho={`${p.caminho}.${c.name}`}
          />
        );
      })}
    </SimpleGrid>
  );
}

export function FilhosDisplay({ value }: DisplayProps) {
  return <>{Array.isArray(value) ? `${value.length} ${value.length === 1 ? 'item' : 'itens'}` : ''}</>;
}

export function GrupoDisplay(p: DisplayProps & { displayDe: DisplayDe }) {
  const v = (p.value && typeof p.value === 'object' ? p.value : {}) as Linha;
  return (
    <>
      {(p.field.fields ?? [])
        .map((c) => v[c.name])
        .filter(Boolean)
        .join(', ')}
    </>
  );
}
