/**
 * Conciliar's suggestions (same sign, exact cents, date window; 1:1, 1:N, N:1), each confirmed by itself or all
 * at once. Memoised: a click in either list changes the selection, not the suggestions, and must not re-render
 * this table. At most SUGESTOES_NA_TELA rows are drawn (thousands of table rows would slow every confirmation);
 * "Confirmar todas" still confirms every one.
 */
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { formatarDinheiro, type PainelConciliacao } from '@retaguarda/domain';
import { memo } from 'react';

const SUGESTOES_NA_TELA = 100;

type Sugestao = PainelConciliacao['sugestoes'][number];
interface Props {
  sugestoes: readonly Sugestao[];
  linhas: ReadonlyMap<string, { descricao: string | null; valor: string }>;
  lancamentos: ReadonlyMap<string, { descricao: string | null }>;
  aoConfirmar: (grupos: Sugestao[]) => void;
}

const desc = (ids: readonly string[], itens: ReadonlyMap<string, { descricao: string | null }>) =>
  ids.map((id) => itens.get(id)?.descricao ?? '—').join(' + ');

export const SugestoesDaConciliacao = memo(function SugestoesDaConciliacao({
  sugestoes,
  linhas,
  lancamentos,
  aoConfirmar,
}: Props) {
  if (!sugestoes.length) return null;
  return (
    <Paper withBorder p="sm" data-cy="conc-sugestoes">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Sugestões ({sugestoes.length})</Text>
        <Button size="xs" onClick={() => aoConfirmar([...sugestoes])} data-cy="conc-confirmar-todas">
          Confirmar todas
        </Button>
      </Group>
      <Table fz="sm" striped>
        <Table.Tbody>
          {sugestoes.slice(0, SUGESTOES_NA_TELA).map((s) => (
            <LinhaSugestao
              key={`${s.linhas.join()}-${s.lancamentos.join()}`}
              sugestao={s}
              descLinhas={desc(s.linhas, linhas)}
              descLancamentos={desc(s.lancamentos, lancamentos)}
              valor={linhas.get(s.linhas[0]!)?.valor ?? '0'}
              aoConfirmar={aoConfirmar}
            />
          ))}
        </Table.Tbody>
      </Table>
      {sugestoes.length > SUGESTOES_NA_TELA && (
        <Text fz="xs" c="dimmed" mt={4}>
          Mostrando {SUGESTOES_NA_TELA} de {sugestoes.length}; "Confirmar todas" confirma todas.
        </Text>
      )}
    </Paper>
  );
});

/** One suggestion, memoised on its texts: confirming another leaves it as it is. */
const LinhaSugestao = memo(function LinhaSugestao({
  sugestao: s,
  descLinhas,
  descLancamentos,
  valor,
  aoConfirmar,
}: {
  sugestao: Sugestao;
  descLinhas: string;
  descLancamentos: string;
  valor: string;
  aoConfirmar: (grupos: Sugestao[]) => void;
}) {
  return (
    <Table.Tr data-cy="conc-sugestao">
      <Table.Td>{descLinhas}</Table.Td>
      <Table.Td>⇄ {descLancamentos}</Table.Td>
      <Table.Td>
        <Badge variant="light">{s.tipo}</Badge> {s.mesmoDocumento && <Badge color="green">mesmo documento</Badge>}
      </Table.Td>
      <Table.Td ta="right">{formatarDinheiro(valor)}</Table.Td>
      <Table.Td ta="right">
        <Button size="compact-sm" variant="subtle" onClick={() => aoConfirmar([s])}>
          Confirmar
        </Button>
      </Table.Td>
    </Table.Tr>
  );
});
