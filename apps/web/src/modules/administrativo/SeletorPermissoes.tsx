/**
 * Permission picker of the group and integration-key screens: one row per register grouped by
 * menu area, ACESSO/INCLUIR/EDITAR/EXCLUIR columns (a cell only where the code exists), select
 * all per column, per row and per area, and a filter box.
 */
import { Badge, CloseButton, Group, Paper, ScrollArea, Switch, Table, Text, TextInput } from '@mantine/core';
import { VERBOS, type Verbo } from '@retaguarda/domain';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, useCallback, useMemo, useRef, useState } from 'react';
import {
  type AreaPermissoes,
  alternarCelula,
  alternarColuna,
  alternarLinha,
  alternarTudo,
  filtrarCatalogo,
  type LinhaPermissao,
  marcacaoColuna,
  marcacaoLinha,
  marcacaoTudo,
  montarCatalogo,
} from './permissoes-catalogo';
import { LinhaDaTabela, Marca, ROTULO_VERBO } from './LinhasPermissoes';

interface Props {
  valor: readonly string[];
  aoMudar: (codigos: string[]) => void;
  /** Only these codes can be chosen (an integration key never exceeds its creator's rights). */
  permitidas?: readonly string[];
  desabilitado?: boolean;
  altura?: number;
}

function ContagemArea({ linhas, sel }: { linhas: readonly LinhaPermissao[]; sel: ReadonlySet<string> }) {
  const n = linhas.reduce((t, l) => t + Object.values(l.codigos).filter((c) => c && sel.has(c)).length, 0);
  return n ? (
    <Badge size="sm" variant="light" radius="sm" tt="none">
      {n}
    </Badge>
  ) : null;
}

export function SeletorPermissoes({ valor, aoMudar, permitidas, desabilitado, altura = 480 }: Props) {
  const catalogo = useMemo<AreaPermissoes[]>(() => {
    const todos = montarCatalogo();
    if (!permitidas) return todos;
    const ok = new Set(permitidas);
    return todos
      .map((a) => ({
        area: a.area,
        linhas: a.linhas
          .map((l) => ({
            ...l,
            codigos: Object.fromEntries(Object.entries(l.codigos).filter(([, c]) => c && ok.has(c))),
          }))
          .filter((l) => Object.keys(l.codigos).length > 0),
      }))
      .filter((a) => a.linhas.length > 0);
  }, [permitidas]);
  const [texto, setTexto] = useState('');
  const [soSelecionadas, setSoSelecionadas] = useState(false);
  const sel = new Set(valor);
  const areas = filtrarCatalogo(catalogo, texto)
    .map((a) => ({
      area: a.area,
      linhas: soSelecionadas ? a.linhas.filter((l) => marcacaoLinha(l, sel) !== 'nenhum') : a.linhas,
    }))
    .filter((a) => a.linhas.length > 0);
  const visiveis = areas.flatMap((a) => a.linhas);
  // stable handlers read the latest selection, so the memoised rows are not re-rendered for them
  const atual = useRef({ sel, aoMudar });
  atual.current = { sel, aoMudar };
  const aplicar = useCallback(
    (f: (s: ReadonlySet<string>) => Set<string>) => atual.current.aoMudar([...f(atual.current.sel)].sort()),
    [],
  );
  const aoCelula = useCallback(
    (l: LinhaPermissao, v: Verbo, m: boolean) => aplicar((s) => alternarCelula(l, v, s, m)),
    [aplicar],
  );
  const aoLinha = useCallback((l: LinhaPermissao, m: boolean) => aplicar((s) => alternarLinha(l, s, m)), [aplicar]);
  const mudar = (s: Set<string>) => aoMudar([...s].sort());

  return (
    <Paper withBorder radius="sm" data-cy="seletor-permissoes">
      <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
        <TextInput
          size="sm"
          w={{ base: '100%', sm: 340 }}
          placeholder="Filtrar por área, cadastro ou código"
          aria-label="Filtrar permissões"
          leftSection={<IconSearch size={15} />}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          rightSection={
            texto ? <CloseButton size="sm" aria-label="Limpar filtro" onClick={() => setTexto('')} /> : null
          }
          data-cy="permissoes-filtro"
        />
        <Group gap="md">
          <Switch
            size="sm"
            label="Só as selecionadas"
            checked={soSelecionadas}
            onChange={(e) => setSoSelecionadas(e.currentTarget.checked)}
            data-cy="permissoes-so-selecionadas"
          />
          <Badge variant="light" radius="sm" tt="none" size="lg" data-cy="permissoes-contagem">
            {sel.size === 1 ? '1 permissão selecionada' : `${sel.size} permissões selecionadas`}
          </Badge>
        </Group>
      </Group>
      <ScrollArea.Autosize mah={altura} type="auto">
        <Table stickyHeader verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Group gap="xs" wrap="nowrap">
                  <Marca
                    m={marcacaoTudo(visiveis, sel)}
                    rotulo="Selecionar todas as permissões visíveis"
                    aoMudar={(m) => mudar(alternarTudo(visiveis, sel, m))}
                    desabilitado={desabilitado || !visiveis.length}
                    cy="permissoes-todas"
                  />
                  <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
                    Cadastro
                  </Text>
                </Group>
              </Table.Th>
              {VERBOS.map((v) => (
                <Table.Th key={v} w={96} ta="center">
                  <Group gap={6} justify="center" wrap="nowrap">
                    <Marca
                      m={marcacaoColuna(visiveis, v, sel)}
                      rotulo={`${ROTULO_VERBO[v]}: selecionar a coluna`}
                      aoMudar={(m) => mudar(alternarColuna(visiveis, v, sel, m))}
                      desabilitado={desabilitado || !visiveis.length}
                      cy={`permissoes-coluna-${v}`}
                    />
                    <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
                      {ROTULO_VERBO[v]}
                    </Text>
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {areas.map((a) => (
              <Fragment key={a.area}>
                <Table.Tr bg="var(--mantine-color-gray-0)">
                  <Table.Td colSpan={VERBOS.length + 1}>
                    <Group gap="xs">
                      <Marca
                        m={marcacaoTudo(a.linhas, sel)}
                        rotulo={`Selecionar tudo de ${a.area}`}
                        aoMudar={(m) => mudar(alternarTudo(a.linhas, sel, m))}
                        desabilitado={desabilitado}
                      />
                      <Text fz="sm" fw={700}>
                        {a.area}
                      </Text>
                      <ContagemArea linhas={a.linhas} sel={sel} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {a.linhas.map((l) => (
                  <LinhaDaTabela
                    key={l.base}
                    linha={l}
                    marcados={VERBOS.filter((v) => l.codigos[v] && sel.has(l.codigos[v])).join(',')}
                    desabilitado={desabilitado}
                    aoCelula={aoCelula}
                    aoLinha={aoLinha}
                  />
                ))}
              </Fragment>
            ))}
            {areas.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={VERBOS.length + 1}>
                  <Text fz="sm" c="dimmed" ta="center" py="md">
                    {texto ? `Nenhuma permissão encontrada para “${texto}”.` : 'Nenhuma permissão selecionada.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}
