/** Members of a group: searched among the tenant's users, added and removed before saving. */
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCallback } from 'react';
import { SelecaoPesquisavel } from '../../ui/SelecaoPesquisavel';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
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
  const colunas: ColunaTabela<Membro>[] = [
    {
      id: 'nome',
      titulo: 'Nome',
      celula: (m) => (
        <Group gap="xs">
          <Text fz="sm">{m.nome}</Text>
          {!m.ativo && (
            <Badge size="xs" color="gray" tt="none">
              Inativo
            </Badge>
          )}
        </Group>
      ),
    },
    {
      id: 'username',
      titulo: 'Usuário',
      celula: (m) => (
        <Text fz="sm" c="dimmed">
          {m.username}
        </Text>
      ),
    },
    {
      id: 'remover',
      titulo: 'Remover',
      tituloOculto: true,
      largura: 48,
      celula: (m) => (
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={desabilitado}
          aria-label={`Remover ${m.nome}`}
          onClick={() => aoMudar(membros.filter((x) => x.id !== m.id))}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <SelecaoPesquisavel
        tamanhoPagina={15}
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
        <TabelaDados
          rotulo="Membros"
          colunas={colunas}
          itens={membros}
          moldura={false}
          larguraMinima={360}
          dataCy="membros"
        />
      )}
    </Stack>
  );
}
