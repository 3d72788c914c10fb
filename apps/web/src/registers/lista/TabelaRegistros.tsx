/** The list's table: sortable headers, one display per field type, row kebab, keyboard selection. */
import { ActionIcon, Button, Center, Menu, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { RegisterDef } from '@retaguarda/domain';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDotsVertical,
  IconEye,
  IconPencil,
  IconSearch,
  IconToggleLeft,
  IconToggleRight,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { Registro } from '../api';
import { campoDe, direcaoDe } from '../consulta';
import { displayDe } from '../fields';
import { useRotulos } from '../fields/rotulos';
import type { Permissoes } from '../permissoes';
import classes from './lista.module.css';

export interface Coluna {
  campo: string;
  rotulo: string;
  ordenavel: boolean;
}

export function colunasDe(def: RegisterDef): Coluna[] {
  const permitidos = new Set([...def.list.filters, ...def.list.search, 'id', 'ativo']);
  return def.list.columns.map((c) => ({
    campo: c.field,
    rotulo: c.label ?? campoDe(def, c.field)?.label ?? c.field,
    ordenavel: permitidos.has(c.field.split('.')[0] ?? c.field),
  }));
}

const valorEm = (item: Registro, campo: string): unknown =>
  campo.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Registro)[k] : undefined), item);

interface Props {
  def: RegisterDef;
  itens: Registro[];
  carregando: boolean;
  tamanho: number;
  ordem: string;
  permissoes: Permissoes;
  aoOrdenar: (campo: string) => void;
  aoAbrir: (item: Registro) => void;
  aoAlternarAtivo: (item: Registro) => void;
  aoExcluir: (item: Registro) => void;
  /** the empty state offers to clear the search and filters when there are any */
  aoLimparFiltros?: () => void;
}

/** One hook per reference column (the column list is fixed per register). */
function useRotulosDasColunas(def: RegisterDef, itens: Registro[]) {
  const mapas: Record<string, Map<string, string>> = {};
  for (const c of def.list.columns) {
    const f = campoDe(def, c.field);
    const ehRef = !!f && ['reference', 'loja', 'ncm', 'multiReference', 'lojas'].includes(f.type);
    // biome-ignore lint/correctness/useHookAtTopLevel: the columns of a register never change
    mapas[c.field] = useRotulos(
      ehRef ? f?.ref : undefined,
      ehRef ? itens.flatMap((i) => valorEm(i, c.field) ?? []) : [],
    );
  }
  return mapas;
}

export function TabelaRegistros(p: Props) {
  const { def, itens } = p;
  const colunas = colunasDe(def);
  const rotulos = useRotulosDasColunas(def, itens);
  const [selecionada, setSelecionada] = useState(-1);

  const teclado = (e: React.KeyboardEvent) => {
    if (!itens.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const d = e.key === 'ArrowDown' ? 1 : -1;
      setSelecionada((s) => Math.min(itens.length - 1, Math.max(0, s + d)));
    } else if (e.key === 'Enter' && selecionada >= 0 && itens[selecionada]) {
      e.preventDefault();
      p.aoAbrir(itens[selecionada]);
    }
  };

  const cabecalho = (c: Coluna) => {
    const dir = direcaoDe(p.ordem, c.campo);
    const Icone = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconArrowsSort;
    if (!c.ordenavel) return c.rotulo;
    return (
      <UnstyledButton className={classes.ordenar} onClick={() => p.aoOrdenar(c.campo)} data-cy={`ordenar-${c.campo}`}>
        {c.rotulo}
        <Icone size={13} className={dir ? undefined : classes.iconeInativo} />
      </UnstyledButton>
    );
  };

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        highlightOnHover
        verticalSpacing={4}
        horizontalSpacing="sm"
        fz="sm"
        tabIndex={0}
        onKeyDown={teclado}
        className={classes.tabela}
        aria-label={def.label.plural}
        data-cy="tabela-registros"
      >
        <Table.Thead>
          <Table.Tr>
            {colunas.map((c) => (
              <Table.Th
                key={c.campo}
                aria-sort={
                  direcaoDe(p.ordem, c.campo) === 'asc'
                    ? 'ascending'
                    : direcaoDe(p.ordem, c.campo) === 'desc'
                      ? 'descending'
                      : undefined
                }
                className={c.campo === 'id' ? classes.colunaCodigo : undefined}
              >
                {cabecalho(c)}
              </Table.Th>
            ))}
            <Table.Th w={44} aria-label="Ações" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.carregando &&
            itens.length === 0 &&
            Array.from({ length: Math.min(p.tamanho, 10) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
              <Table.Tr key={i}>
                {colunas.map((c) => (
                  <Table.Td key={c.campo}>
                    <Skeleton h={14} radius="sm" />
                  </Table.Td>
                ))}
                <Table.Td />
              </Table.Tr>
            ))}
          {!p.carregando && itens.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={colunas.length + 1}>
                <Center py="xl">
                  <Stack align="center" gap={4} data-cy="lista-vazia">
                    <IconSearch size={28} stroke={1.4} opacity={0.5} />
                    <Text fw={500}>Nenhum registro encontrado.</Text>
                    <Text fz="sm" c="dimmed">
                      {p.aoLimparFiltros
                        ? 'Nenhum cadastro atende à pesquisa e aos filtros informados.'
                        : 'Ainda não há cadastros aqui.'}
                    </Text>
                    {p.aoLimparFiltros && (
                      <Button size="xs" variant="light" mt={4} onClick={p.aoLimparFiltros} data-cy="limpar-filtros">
                        Limpar filtros
                      </Button>
                    )}
                  </Stack>
                </Center>
              </Table.Td>
            </Table.Tr>
          )}
          {itens.map((item, i) => (
            <Table.Tr
              key={String(item.id)}
              className={classes.linha}
              data-selecionada={i === selecionada || undefined}
              aria-selected={i === selecionada}
              onClick={() => setSelecionada(i)}
              onDoubleClick={() => p.aoAbrir(item)}
              data-cy="linha-registro"
            >
              {colunas.map((c) => {
                const f = campoDe(def, c.campo);
                const v = valorEm(item, c.campo);
                const Display = f ? displayDe(f) : null;
                const rot = rotulos[c.campo];
                return (
                  <Table.Td key={c.campo} className={c.campo === 'id' ? classes.colunaCodigo : undefined}>
                    {/* long texts (NCM descriptions) are cut at two lines; the whole text is in the title */}
                    <div className={classes.celula} title={typeof v === 'string' && v.length > 60 ? v : undefined}>
                      {rot && rot.size > 0 && v !== null && v !== undefined ? (
                        (Array.isArray(v) ? v : [v]).map((x) => rot.get(String(x)) ?? String(x)).join(', ')
                      ) : f && Display ? (
                        <Display field={f} value={v} />
                      ) : (
                        String(v ?? '')
                      )}
                    </div>
                  </Table.Td>
                );
              })}
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <AcoesLinha {...p} item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AcoesLinha(p: Props & { item: Registro }) {
  const { item, permissoes } = p;
  const ativo = item.ativo !== false;
  const temAtivo = p.def.fields.some((f) => f.name === 'ativo' && !f.readOnly);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={170}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Ações do registro ${String(item.id)}`}
          data-cy="kebab-registro"
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={permissoes.editar ? <IconPencil size={15} /> : <IconEye size={15} />}
          onClick={() => p.aoAbrir(item)}
          data-cy="acao-editar"
        >
          {permissoes.editar ? 'Editar' : 'Visualizar'}
        </Menu.Item>
        {temAtivo && (
          <Menu.Item
            leftSection={ativo ? <IconToggleLeft size={15} /> : <IconToggleRight size={15} />}
            disabled={!permissoes.editar}
            onClick={() => p.aoAlternarAtivo(item)}
            data-cy="acao-alternar-ativo"
          >
            {ativo ? 'Inativar' : 'Ativar'}
          </Menu.Item>
        )}
        {p.def.canDelete !== false && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={15} />}
            disabled={!permissoes.excluir}
            onClick={() => p.aoExcluir(item)}
            data-cy="acao-excluir"
          >
            Excluir
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
