/**
 * The group and user lists: filters código / nome / status, sortable headers, the shared footer
 * (page sizes, 10 by default) and a kebab of row actions.
 */
import {
  Badge,
  Center,
  Group,
  NumberInput,
  Paper,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Rodape } from '../../registers/lista/Rodape';
import classes from '../../registers/lista/lista.module.css';
import { type AcaoKebab, MenuKebab } from '../../ui/MenuKebab';
import type { Pagina } from './api';
import { type Filtro, type Ordem, parametrosLista, type StatusFiltro } from './filtros';
import { useEstadoIdentidade } from './useEstadoIdentidade';

export interface ColunaLista<T> {
  campo: string;
  titulo: string;
  ordenavel?: boolean;
  largura?: number;
  render?: (item: T) => ReactNode;
}

interface Props<T extends { id: number }> {
  chave: string;
  tipo: 'grupo' | 'usuario';
  colunas: ColunaLista<T>[];
  buscar: (p: URLSearchParams, signal?: AbortSignal) => Promise<Pagina<T>>;
  acoes: (item: T) => AcaoKebab[];
  aoAbrir: (item: T) => void;
}

export function BadgeStatus({ ativo }: { ativo: boolean }) {
  return (
    <Badge variant="light" color={ativo ? 'green' : 'gray'} radius="sm" tt="none">
      {ativo ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

function Cabecalho({ c, ordem, aoOrdenar }: { c: ColunaLista<never>; ordem: Ordem; aoOrdenar: () => void }) {
  if (!c.ordenavel) return <Table.Th w={c.largura}>{c.titulo}</Table.Th>;
  const ativa = ordem.campo === c.campo;
  const Icone = !ativa ? IconArrowsSort : ordem.desc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th w={c.largura} aria-sort={ativa ? (ordem.desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton className={classes.ordenar} onClick={aoOrdenar} data-cy={`ordenar-${c.campo}`}>
        {c.titulo}
        <Icone size={13} className={ativa ? undefined : classes.iconeInativo} />
      </UnstyledButton>
    </Table.Th>
  );
}

export function ListaPaginada<T extends { id: number }>({ chave, tipo, colunas, buscar, acoes, aoAbrir }: Props<T>) {
  const { estado, mudar } = useEstadoIdentidade();
  const { pagina, tamanho, ordem } = estado;
  // typing stays local; the URL (and the query) follow after a pause
  const [filtro, setFiltro] = useState<Filtro>(estado.filtro);
  const enviado = useRef(JSON.stringify(estado.filtro));
  const aplicar = useDebouncedCallback((f: Filtro) => {
    enviado.current = JSON.stringify(f);
    mudar({ filtro: f });
  }, 300);
  // a change that did not come from typing here (the menu link, back/forward) replaces the inputs
  const daUrl = JSON.stringify(estado.filtro);
  useEffect(() => {
    if (daUrl === enviado.current) return;
    enviado.current = daUrl;
    setFiltro(JSON.parse(daUrl) as Filtro);
  }, [daUrl]);
  const params = parametrosLista(estado.filtro, tipo, pagina, tamanho, ordem);
  const { data, isPending, isFetching, isError } = useQuery({
    queryKey: [chave, params.toString()],
    queryFn: ({ signal }) => buscar(params, signal),
    placeholderData: keepPreviousData,
  });
  const mudarFiltro = (p: Partial<Filtro>) => {
    const f = { ...filtro, ...p };
    setFiltro(f);
    if ('status' in p) {
      aplicar.cancel(); // the pending text goes with the status, not after it
      enviado.current = JSON.stringify(f);
      mudar({ filtro: f });
    } else aplicar(f);
  };
  const ordenar = (campo: string) => mudar({ ordem: { campo, desc: ordem.campo === campo ? !ordem.desc : false } });
  const itens = data?.items ?? [];

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          size="sm"
          w={120}
          label="Código"
          placeholder="Código"
          hideControls
          allowDecimal={false}
          allowNegative={false}
          value={filtro.codigo}
          onChange={(v) => mudarFiltro({ codigo: String(v ?? '') })}
          data-cy={`filtro-codigo-${tipo}`}
        />
        <TextInput
          size="sm"
          w={{ base: '100%', sm: 320 }}
          label="Nome"
          placeholder="Pesquisar pelo nome"
          leftSection={<IconSearch size={15} />}
          value={filtro.nome}
          onChange={(e) => mudarFiltro({ nome: e.currentTarget.value })}
          data-cy={`filtro-nome-${tipo}`}
        />
        <SegmentedControl
          size="sm"
          aria-label="Status"
          value={filtro.status}
          onChange={(v) => mudarFiltro({ status: v as StatusFiltro })}
          data={[
            { value: 'todos', label: 'Todos' },
            { value: 'ativos', label: 'Ativos' },
            { value: 'inativos', label: 'Inativos' },
          ]}
          data-cy={`filtro-status-${tipo}`}
        />
      </Group>
      <Paper withBorder radius="sm" pos="relative">
        {isFetching && !isPending && <Progress value={100} animated size={2} radius={0} aria-label="Carregando" />}
        <Table.ScrollContainer minWidth={640}>
          <Table className={classes.tabela} highlightOnHover verticalSpacing={6} data-cy={`lista-${tipo}`}>
            <Table.Thead>
              <Table.Tr>
                {colunas.map((c) => (
                  <Cabecalho
                    key={c.campo}
                    c={c as ColunaLista<never>}
                    ordem={ordem}
                    aoOrdenar={() => ordenar(c.campo)}
                  />
                ))}
                <Table.Th w={56}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending &&
                [1, 2, 3, 4, 5].map((n) => (
                  <Table.Tr key={n}>
                    <Table.Td colSpan={colunas.length + 1}>
                      <Skeleton height={22} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {itens.map((item) => (
                <Table.Tr key={item.id} className={classes.linha} onDoubleClick={() => aoAbrir(item)}>
                  {colunas.map((c) => (
                    <Table.Td key={c.campo} className={c.campo === 'id' ? classes.colunaCodigo : undefined}>
                      {c.render ? c.render(item) : String((item as Record<string, unknown>)[c.campo] ?? '')}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <MenuKebab
                      acoes={acoes(item)}
                      rotulo={`Ações de ${String((item as { nome?: string }).nome ?? item.id)}`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!isPending && itens.length === 0 && (
          <Center py="xl">
            <Text c="dimmed" fz="sm" data-cy="lista-vazia">
              {isError ? 'Não foi possível carregar a lista.' : 'Nenhum registro encontrado com estes filtros.'}
            </Text>
          </Center>
        )}
        <Rodape
          total={data?.total ?? 0}
          pagina={pagina}
          tamanho={tamanho}
          aoMudarPagina={(p) => mudar({ pagina: p })}
          aoMudarTamanho={(t) => mudar({ tamanho: t })}
        />
      </Paper>
    </Stack>
  );
}
