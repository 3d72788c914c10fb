/**
 * A tab of gruposUsuarios (spec §2.4): filters código / nome / status over the shared list (paging,
 * order and page sizes kept in the URL) and table (sortable headers, row kebab).
 */
import { Badge, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type RespostaLista, useLista } from '../../lib/lista/useLista';
import type { AcaoKebab } from '../../ui/MenuKebab';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { FILTRO_GRUPOS, FILTRO_USUARIOS, type Filtro, type StatusFiltro } from './filtros';

export function BadgeStatus({ ativo }: { ativo: boolean }) {
  return (
    <Badge variant="light" color={ativo ? 'green' : 'gray'} radius="sm" tt="none">
      {ativo ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

function Filtros({ tipo, estado, mudar }: { tipo: string; estado: Filtro; mudar: (f: Filtro) => void }) {
  // typing stays local; the URL (and the query) follow after a pause
  const [filtro, setFiltro] = useState<Filtro>(estado);
  const enviado = useRef(JSON.stringify(estado));
  const aplicar = useDebouncedCallback((f: Filtro) => {
    enviado.current = JSON.stringify(f);
    mudar(f);
  }, 300);
  // a change that did not come from typing here (the menu link, back/forward) replaces the inputs
  const daUrl = JSON.stringify(estado);
  useEffect(() => {
    if (daUrl === enviado.current) return;
    enviado.current = daUrl;
    setFiltro(JSON.parse(daUrl) as Filtro);
  }, [daUrl]);
  const mudarFiltro = (p: Partial<Filtro>) => {
    const f = { ...filtro, ...p };
    setFiltro(f);
    if ('status' in p) {
      aplicar.cancel(); // the pending text goes with the status, not after it
      enviado.current = JSON.stringify(f);
      mudar(f);
    } else aplicar(f);
  };
  return (
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
  );
}

interface Props<T extends { id: number; nome: string }> {
  tipo: 'grupo' | 'usuario';
  /** the table's accessible name */
  rotulo: string;
  /** query key: invalidating it reloads the tab */
  chave: string;
  colunas: readonly ColunaTabela<T>[];
  buscar: (p: URLSearchParams, signal?: AbortSignal) => Promise<RespostaLista<T>>;
  acoes: (item: T) => AcaoKebab[];
  aoAbrir: (item: T) => void;
}

export function ListaIdentidade<T extends { id: number; nome: string }>(p: Props<T>) {
  const lista = useLista({
    chave: [p.chave],
    carregar: p.buscar,
    filtro: p.tipo === 'grupo' ? FILTRO_GRUPOS : FILTRO_USUARIOS,
    ordemPadrao: 'nome',
  });
  const { pagina: _p, tamanho: _t, ordem: _o, ...filtro } = lista.estado;
  return (
    <Stack gap="sm">
      <Filtros tipo={p.tipo} estado={filtro} mudar={lista.mudar} />
      <TabelaDados
        {...lista.tabela}
        rotulo={p.rotulo}
        colunas={p.colunas}
        larguraMinima={640}
        aoAbrir={p.aoAbrir}
        acoes={{ acoes: p.acoes, rotulo: (item) => `Ações de ${item.nome}` }}
        vazio={
          <Text c="dimmed" fz="sm" data-cy="lista-vazia">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhum registro encontrado com estes filtros.'}
          </Text>
        }
        dataCy={`lista-${p.tipo}`}
      />
    </Stack>
  );
}
