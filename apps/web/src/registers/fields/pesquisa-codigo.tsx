/**
 * Search of the official CFOP / CEST tables from their inputs (GET /api/v1/fiscal/tabelas-oficiais/{cfop|cest}):
 * digits search the code (a CEST also by the NCM it lists), words the description. Keyboard-first: the search
 * takes the typing, ↓/↑ walk the results, Enter picks, Esc closes without changing the field.
 */
import { Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatarDocumento } from '../../lib/formato';

interface Codigo {
  codigo: string;
  descricao: string;
  ncm?: string;
}

export function PesquisarCodigo({
  tabela,
  aoEscolher,
  aoFechar,
}: {
  tabela: 'cfop' | 'cest';
  aoEscolher: (codigo: string) => void;
  aoFechar: () => void;
}) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca, 250);
  const [marcado, setMarcado] = useState(0);
  const { data: itens = [], isFetching } = useQuery({
    queryKey: ['codigos-oficiais', tabela, termo],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api<{ items: Codigo[] }>(
        `/api/v1/fiscal/tabelas-oficiais/${tabela}?${new URLSearchParams(termo ? { busca: termo } : {})}`,
        { signal },
      ).then((r) => r.items),
  });
  const nome = tabela.toUpperCase();
  const escolher = (c: Codigo | undefined) => {
    if (!c) return;
    aoEscolher(c.codigo.trim());
    aoFechar();
  };
  return (
    <Modal opened onClose={aoFechar} title={`Pesquisar ${nome}`} size="lg" data-cy={`pesquisa-${tabela}`}>
      <Stack gap="xs">
        <TextInput
          data-autofocus
          placeholder={tabela === 'cfop' ? 'Código (ex.: 5.102) ou descrição' : 'Código, NCM ou descrição'}
          value={busca}
          onChange={(e) => {
            setBusca(e.currentTarget.value);
            setMarcado(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setMarcado((m) => Math.min(m + 1, itens.length - 1));
            else if (e.key === 'ArrowUp') setMarcado((m) => Math.max(m - 1, 0));
            else if (e.key === 'Enter') escolher(itens[marcado]);
            else return;
            e.preventDefault();
            e.stopPropagation();
          }}
          data-cy={`pesquisa-${tabela}-busca`}
        />
        {!isFetching && itens.length === 0 && (
          <Text size="sm" c="dimmed">
            Nenhum resultado
          </Text>
        )}
        <Table highlightOnHover fz="sm">
          <Table.Tbody>
            {itens.map((c, i) => (
              <Table.Tr
                key={`${c.codigo}-${c.ncm ?? ''}`}
                onClick={() => escolher(c)}
                style={{ cursor: 'pointer' }}
                bg={i === marcado ? 'var(--mantine-primary-color-light)' : undefined}
                data-cy={`pesquisa-${tabela}-item`}
              >
                <Table.Td w={90}>{formatarDocumento(tabela, c.codigo.trim())}</Table.Td>
                <Table.Td>{c.descricao}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
