/**
 * The item grid of stock documents (adjustments, transfers), for the keyboard and the barcode scanner
 * (which types the code and Enter): the code/description field adds a line on Enter and moves to its
 * quantity; Enter on the quantity goes to the cost (when the document takes one) or back to the code
 * field for the next item. Any form whose `itens` are ItemDigitado lines can hold it.
 */
import { ActionIcon, Group, Table, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type Control, type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import type { ItemDigitado } from '../ajustes/formulario';
import { buscarProdutos } from '../../produto/busca';

/** The part of a form the grid works on. */
export interface ValoresGrade {
  itens: ItemDigitado[];
}

interface Props<T extends ValoresGrade, S> {
  control: Control<T, unknown, S>;
  erros: FieldErrors<T>;
  comCusto: boolean;
  register: (nome: `itens.${number}.quantidade` | `itens.${number}.custoUnitario`) => object;
}

const foco = (id: string) => setTimeout(() => (document.getElementById(id) as HTMLInputElement | null)?.select(), 0);

export function GradeItens<T extends ValoresGrade, S>({ control: deQualquer, erros, comCusto, register }: Props<T, S>) {
  // the grid reads and writes only `itens`, whatever else the form holds
  const control = deQualquer as unknown as Control<ValoresGrade>;
  const { fields, append, remove } = useFieldArray({ control, name: 'itens' });
  const itens = useWatch({ control, name: 'itens' });
  const [codigo, setCodigo] = useState('');
  const [aviso, setAviso] = useState<string | null>(null);
  const buscando = useRef(false);
  // the quantity of a line just added takes the focus once the line is rendered
  const [focarLinha, setFocarLinha] = useState<number | null>(null);
  useEffect(() => {
    if (focarLinha === null || focarLinha >= fields.length) return;
    const el = document.getElementById(`item-${focarLinha}-quantidade`) as HTMLInputElement | null;
    el?.focus();
    el?.select();
    setFocarLinha(null);
  }, [focarLinha, fields.length]);

  const adicionar = async () => {
    if (!codigo.trim() || buscando.current) return;
    buscando.current = true;
    try {
      const achados = await buscarProdutos(codigo);
      if (achados.length !== 1) {
        setAviso(
          achados.length
            ? `${achados.length} produtos contêm “${codigo}”: digite o código ou mais da descrição.`
            : `Nenhum produto encontrado para “${codigo}”.`,
        );
        return;
      }
      const p = achados[0]!;
      setAviso(null);
      setCodigo('');
      append({ produtoId: p.id, descricao: p.descricao, quantidade: '1', custoUnitario: '' }, { shouldFocus: false });
      setFocarLinha(fields.length);
    } finally {
      buscando.current = false;
    }
  };

  const aoTeclar = (i: number, campo: 'quantidade' | 'custoUnitario') => (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (campo === 'quantidade' && comCusto) foco(`item-${i}-custo`);
    else foco('item-codigo');
  };
  const erroItens = (erros as FieldErrors<ValoresGrade>).itens;

  return (
    <div>
      <Group align="flex-end" gap="sm" mb="xs">
        <TextInput
          id="item-codigo"
          label="Produto"
          placeholder="Código de barras, código ou descrição — Enter adiciona"
          leftSection={<IconBarcode size={16} />}
          w={{ base: '100%', sm: 420 }}
          value={codigo}
          onChange={(e) => setCodigo(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void adicionar();
            }
          }}
          error={aviso ?? (erroItens && !Array.isArray(erroItens) ? erroItens.message : undefined)}
          data-cy="item-codigo"
        />
      </Group>
      <Table withTableBorder striped verticalSpacing={4} data-cy="grade-itens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Código</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th w={140}>Quantidade</Table.Th>
            {comCusto && <Table.Th w={160}>Custo unitário</Table.Th>}
            <Table.Th w={48} aria-label="Ações" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f, i) => {
            const e = Array.isArray(erroItens) ? erroItens[i] : undefined;
            return (
              <Table.Tr key={f.id} data-cy="item-linha">
                <Table.Td>{itens?.[i]?.produtoId}</Table.Td>
                <Table.Td>{itens?.[i]?.descricao}</Table.Td>
                <Table.Td>
                  <TextInput
                    id={`item-${i}-quantidade`}
                    size="xs"
                    inputMode="decimal"
                    aria-label={`Quantidade de ${itens?.[i]?.descricao ?? ''}`}
                    {...register(`itens.${i}.quantidade`)}
                    onKeyDown={aoTeclar(i, 'quantidade')}
                    error={e?.quantidade?.message ?? e?.produtoId?.message}
                    data-cy="item-quantidade"
                  />
                </Table.Td>
                {comCusto && (
                  <Table.Td>
                    <TextInput
                      id={`item-${i}-custo`}
                      size="xs"
                      inputMode="decimal"
                      placeholder="custo médio"
                      aria-label={`Custo unitário de ${itens?.[i]?.descricao ?? ''}`}
                      {...register(`itens.${i}.custoUnitario`)}
                      onKeyDown={aoTeclar(i, 'custoUnitario')}
                      error={e?.custoUnitario?.message}
                      data-cy="item-custo"
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label="Remover item" onClick={() => remove(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {!fields.length && (
            <Table.Tr>
              <Table.Td colSpan={comCusto ? 5 : 4}>
                <Text c="dimmed" fz="sm">
                  Nenhum item. Leia o código de barras ou digite o código do produto e tecle Enter.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
