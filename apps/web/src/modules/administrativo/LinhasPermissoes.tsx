/**
 * Rows of the permission picker, memoised: a click re-renders only the rows it changes (the
 * whole catalogue is ~70 rows × 4 cells). Cells are native checkboxes, light to render.
 */
import { Checkbox, Group, Table, Text } from '@mantine/core';
import { VERBOS, type Verbo } from '@retaguarda/domain';
import { memo } from 'react';
import type { LinhaPermissao, Marcacao } from './permissoes-catalogo';

export const ROTULO_VERBO: Record<Verbo, string> = {
  ACESSO: 'Acessar',
  INCLUIR: 'Incluir',
  EDITAR: 'Editar',
  EXCLUIR: 'Excluir',
};

export function Marca({
  m,
  rotulo,
  aoMudar,
  desabilitado,
  cy,
}: {
  m: Marcacao;
  rotulo: string;
  aoMudar: (marcar: boolean) => void;
  desabilitado?: boolean;
  cy?: string;
}) {
  return (
    <Checkbox
      size="xs"
      aria-label={rotulo}
      checked={m === 'todos'}
      indeterminate={m === 'alguns'}
      onChange={() => aoMudar(m !== 'todos')}
      disabled={desabilitado}
      data-cy={cy}
    />
  );
}

const CELULA = {
  accentColor: 'var(--mantine-primary-color-filled)',
  width: 15,
  height: 15,
  display: 'block',
  margin: '0 auto',
} as const;

interface PropsLinha {
  linha: LinhaPermissao;
  /** The row's selected verbs joined by ',' (a string keeps the memo comparison cheap). */
  marcados: string;
  desabilitado?: boolean;
  aoCelula: (linha: LinhaPermissao, verbo: Verbo, marcar: boolean) => void;
  aoLinha: (linha: LinhaPermissao, marcar: boolean) => void;
}

export const LinhaDaTabela = memo(function LinhaDaTabela({
  linha,
  marcados,
  desabilitado,
  aoCelula,
  aoLinha,
}: PropsLinha) {
  const verbos = marcados ? marcados.split(',') : [];
  const total = VERBOS.filter((v) => linha.codigos[v]).length;
  const m: Marcacao = verbos.length === 0 ? 'nenhum' : verbos.length === total ? 'todos' : 'alguns';
  return (
    <Table.Tr data-cy={`permissao-${linha.base}`}>
      <Table.Td pl="xl">
        <Group gap="xs" wrap="nowrap">
          <Marca
            m={m}
            rotulo={`Selecionar a linha ${linha.rotulo}`}
            aoMudar={(marcar) => aoLinha(linha, marcar)}
            desabilitado={desabilitado}
          />
          <Text fz="sm">{linha.rotulo}</Text>
        </Group>
      </Table.Td>
      {VERBOS.map((v) => {
        const codigo = linha.codigos[v];
        return (
          <Table.Td key={v} ta="center" style={{ verticalAlign: 'middle' }}>
            {codigo ? (
              <input
                type="checkbox"
                style={CELULA}
                aria-label={`${linha.rotulo}: ${ROTULO_VERBO[v].toLowerCase()}`}
                title={codigo}
                checked={verbos.includes(v)}
                onChange={(e) => aoCelula(linha, v, e.currentTarget.checked)}
                disabled={desabilitado}
                data-cy={codigo}
              />
            ) : null}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
});
