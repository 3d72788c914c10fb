/**
 * One indicator on the dashboard's grid: a number with its trend (against the previous period and the same period
 * last year) or a chart, and always its table view; the menu exports the table as XLSX and, for the creator,
 * configures or removes it. A click on the number, a point or a row drills into the list behind it.
 */
import { ActionIcon, Alert, Badge, Group, Menu, Paper, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { DadosIndicador, IndicadorDashboard, LinhaIndicador } from '@retaguarda/domain';
import { IconDots, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ItemCatalogo } from './api';
import { periodoBr, rotuloDaLinha, valorFormatado, variacaoFormatada } from './formato';
import { Grafico } from './Grafico';

export interface PropsCartao {
  indicador: IndicadorDashboard;
  def: ItemCatalogo | undefined;
  dados: DadosIndicador | undefined;
  carregando: boolean;
  podeAlterar: boolean;
  /** a row (or null: the whole figure) was clicked */
  aoDetalhar: (linha: LinhaIndicador | null) => void;
  aoExportar: () => void;
  aoConfigurar: () => void;
  aoRemover: () => void;
}

function Tendencia({ rotulo, v }: { rotulo: string; v: string | null }) {
  const cor = v === null ? 'gray' : v.startsWith('-') ? 'red' : 'teal';
  return (
    <Group gap={6}>
      <Badge color={cor} variant="light" size="sm">
        {variacaoFormatada(v)}
      </Badge>
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
    </Group>
  );
}

function TabelaIndicador({
  d,
  linhas,
  aoDetalhar,
  unidade,
}: {
  d: NonNullable<DadosIndicador['resultado']>;
  linhas: string;
  aoDetalhar: PropsCartao['aoDetalhar'];
  unidade: string;
}) {
  return (
    <Table.ScrollContainer minWidth={320} mah={260}>
      <Table fz="xs" striped highlightOnHover stickyHeader data-cy="indicador-tabela">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{linhas === 'DIAS' ? 'Dia' : linhas === 'LOJAS' ? 'Loja' : 'Item'}</Table.Th>
            <Table.Th ta="right">Período</Table.Th>
            <Table.Th ta="right">Anterior</Table.Th>
            <Table.Th ta="right">Ano anterior</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...d.linhas, d.total].map((l) => (
            <Table.Tr
              key={l.chave}
              onClick={() => aoDetalhar(l.chave === 'TOTAL' ? null : l)}
              style={{ cursor: 'pointer', fontWeight: l.chave === 'TOTAL' ? 600 : undefined }}
            >
              <Table.Td>{rotuloDaLinha(linhas, l.rotulo)}</Table.Td>
              <Table.Td ta="right">{valorFormatado(unidade, l.atual)}</Table.Td>
              <Table.Td ta="right">{valorFormatado(unidade, l.anterior)}</Table.Td>
              <Table.Td ta="right">{valorFormatado(unidade, l.anoAnterior)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CartaoIndicador(p: PropsCartao) {
  const [emTabela, setEmTabela] = useState(p.indicador.visualizacao === 'TABELA');
  const titulo = p.indicador.titulo ?? p.def?.titulo ?? p.indicador.indicador;
  const r = p.dados?.resultado;
  const unidade = r?.unidade ?? p.def?.unidade ?? 'NUMERO';
  const linhas = p.def?.linhas ?? 'CATEGORIAS';
  const vis = p.indicador.visualizacao;
  return (
    <Paper withBorder p="sm" h="100%" data-cy={`indicador-${p.indicador.indicador}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm" truncate>
              {titulo}
            </Text>
            {p.def && (
              <Tooltip label={p.def.definicao} multiline w={300} withArrow>
                <IconInfoCircle size={14} aria-label={`Definição: ${p.def.definicao}`} />
              </Tooltip>
            )}
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Ações de ${titulo}`} data-cy="indicador-menu">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {vis !== 'TABELA' && (
                <Menu.Item onClick={() => setEmTabela((x) => !x)}>{emTabela ? 'Ver gráfico' : 'Ver tabela'}</Menu.Item>
              )}
              <Menu.Item onClick={p.aoExportar} disabled={!r}>
                Exportar para Excel (XLSX)
              </Menu.Item>
              {p.podeAlterar && <Menu.Item onClick={p.aoConfigurar}>Configurar</Menu.Item>}
              {p.podeAlterar && (
                <Menu.Item color="red" onClick={p.aoRemover}>
                  Remover do dashboard
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {r && (
          <Text fz="xs" c="dimmed">
            {periodoBr(r.periodo)}
          </Text>
        )}
        {p.carregando && !p.dados && <Skeleton h={120} />}
        {p.dados?.erro && (
          <Alert color="gray" variant="light">
            {p.dados.erro}
          </Alert>
        )}
        {r && (emTabela || vis === 'TABELA') && (
          <TabelaIndicador d={r} linhas={linhas} aoDetalhar={p.aoDetalhar} unidade={unidade} />
        )}
        {r && !emTabela && vis === 'NUMERO' && (
          <Stack gap={4}>
            <Text
              component="button"
              type="button"
              onClick={() => p.aoDetalhar(null)}
              fz={28}
              fw={700}
              ta="left"
              style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
              data-cy="indicador-numero"
            >
              {valorFormatado(unidade, r.total.atual)}
            </Text>
            <Tendencia rotulo={`vs. ${periodoBr(r.anterior)}`} v={r.total.variacaoAnterior} />
            <Tendencia rotulo={`vs. ${periodoBr(r.anoAnterior)}`} v={r.total.variacaoAnoAnterior} />
          </Stack>
        )}
        {r && !emTabela && (vis === 'LINHA' || vis === 'BARRA' || vis === 'PIZZA') && (
          <>
            <Text fz="lg" fw={700}>
              {valorFormatado(unidade, r.total.atual)}{' '}
              <Text span fz="xs" c="dimmed" fw={400}>
                total · {variacaoFormatada(r.total.variacaoAnterior)} vs. anterior
              </Text>
            </Text>
            {r.linhas.length ? (
              <Grafico
                resultado={r}
                tipo={vis}
                linhas={linhas}
                rotulo={`Gráfico: ${titulo}`}
                aoClicar={(i) => p.aoDetalhar(r.linhas[i] ?? null)}
              />
            ) : (
              <Text c="dimmed" fz="sm">
                Nada no período.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
