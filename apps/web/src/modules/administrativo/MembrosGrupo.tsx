/** Members of a group: searched among the tenant's users, added and removed before saving. */
import { ActionIcon, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCallback } from 'react';
import { SelecaoPesquisavel } from '../../ui/SelecaoPesquisavel';
import { listarUsuarios, type Membro } from './api';
import { rsqlDoFiltro } from './filtros';

interface Props {
  membros: Membro[];
  aoMudar: (m: Membro[]) => void;
  erro?: string;
  desabilitado?: boolean;
}

export function MembrosGrupo({ membros, aoMudar, erro, desabilitado }: Props) {
  const buscar = useCallback(
    async (texto: string) => {
      const p = new URLSearchParams({ count: '20', sort: 'nome' });
      const q = rsqlDoFiltro({ codigo: '', nome: texto, status: 'todos' }, 'usuario');
      if (q) p.set('q', q);
      const r = await listarUsuarios(p);
      const ja = new Set(membros.map((m) => m.id));
      return r.items
        .filter((u) => !ja.has(u.id))
        .map((u) => ({ value: JSON.stringify(u), label: `${u.nome} (${u.username})` }));
    },
    [membros],
  );
  return (
    <Stack gap="sm">
      <SelecaoPesquisavel
        tamanho="sm"
        label="Adicionar membro"
        placeholder="Pesquisar usuário pelo nome"
        buscar={buscar}
        valor={null}
        aoMudar={(v) => {
          if (!v) return;
          const u = JSON.parse(v) as Membro;
          aoMudar([...membros, { id: u.id, nome: u.nome, username: u.username, ativo: u.ativo }]);
        }}
        erro={erro}
        desabilitado={desabilitado}
        data-cy="membro-adicionar"
      />
      {membros.length === 0 ? (
        <Text fz="sm" c="dimmed">
          O grupo ainda não tem membros.
        </Text>
      ) : (
        <Table verticalSpacing={4} data-cy="membros">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Usuário</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {membros.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fz="sm">{m.nome}</Text>
                    {!m.ativo && (
                      <Badge size="xs" color="gray" tt="none">
                        Inativo
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed">
                    {m.username}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={desabilitado}
                    aria-label={`Remover ${m.nome}`}
                    onClick={() => aoMudar(membros.filter((x) => x.id !== m.id))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
