import { folhasMenu } from '@retaguarda/domain';
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight, type SpotlightActionData, type SpotlightFilterFunction } from '@mantine/spotlight';
import { IconBolt, IconBuildingStore, IconHome, IconPackage, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessao } from '../../servicos/sessao/store';
import { useMenu } from '../../servicos/menu/menu';
import { buscarRegistros, casaComTela } from './busca-registros';
import { comandosDe } from './comandos';
import { IconeGrupo } from '../../ui/icones';

const REGISTRO = 'registro:';

/** The palette's own store: the header opens it, and a record found late can be selected. */
export const [lojaDaPaleta, paleta] = createSpotlight();

/** Selects the first action (as Mantine does when the query changes), so Enter opens it. */
function selecionarPrimeira() {
  const { listId, selected } = lojaDaPaleta.getState();
  if (selected >= 0 || !listId) return;
  const primeira = document.getElementById(listId)?.querySelector('[data-action]');
  if (!primeira) return;
  primeira.setAttribute('data-selected', 'true');
  lojaDaPaleta.updateState((s) => ({ ...s, selected: 0 }));
}

/** Screens by every word typed (accents and case aside); the records found on the server stay as they came. */
export const filtrarPaleta: SpotlightFilterFunction = (busca, acoes) =>
  acoes.filter((a) => {
    if (!('id' in a)) return true;
    if (a.id.startsWith(REGISTRO)) return true;
    return casaComTela(busca, a.label, a.description, ...(Array.isArray(a.keywords) ? a.keywords : [a.keywords]));
  });

/**
 * Ctrl+K: jump to any screen the user may open (the menu already holds only those), run a command
 * (Fechar estoque, Nova transferência, Simular tributação…), or go to a record —
 * a product by code, EAN or description, a supplier by CNPJ/CPF or name — found as the user types.
 */
export function CommandPalette() {
  const { data: menu = [] } = useMenu();
  const concedidas = useSessao((s) => s.usuario?.permissoes) ?? [];
  const navigate = useNavigate();
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca.trim(), 250);
  const registros = useQuery({
    queryKey: ['paleta', termo, concedidas.length],
    enabled: termo.length >= 2,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => buscarRegistros(termo, concedidas, signal),
  });
  const telas = useMemo<SpotlightActionData[]>(
    () => [
      {
        id: '/',
        label: 'Painel',
        description: 'Página inicial',
        leftSection: <IconHome size={18} />,
        onClick: () => navigate('/'),
      },
      ...folhasMenu(menu).map(({ entry, trilha }) => ({
        id: entry.rota ?? entry.id,
        label: entry.descricao,
        description: trilha.join(' › '),
        leftSection: <IconeGrupo grupo={trilha[0] ?? entry.descricao} size={18} />,
        onClick: () => navigate(entry.rota ?? '/'),
      })),
      // commands: what people call an action ("fechar período") finds it
      ...comandosDe(concedidas).map((c) => ({
        id: c.id,
        label: c.label,
        description: c.description,
        keywords: [...c.keywords],
        leftSection: <IconBolt size={18} />,
        onClick: () => navigate(c.rota),
        'data-cy': 'paleta-comando',
      })),
    ],
    [menu, navigate, concedidas],
  );
  const achados = termo.length >= 2 ? (registros.data ?? []) : [];
  // records arrive after the screens were filtered: with nothing selected, Enter opens the first one
  const chaveAchados = achados.map((r) => r.id).join();
  useEffect(() => {
    if (chaveAchados) selecionarPrimeira();
  }, [chaveAchados]);
  const acoes: SpotlightActionData[] = [
    ...telas,
    ...achados.map((r) => ({
      id: `${REGISTRO}${r.id}`,
      label: r.rotulo,
      description: r.descricao,
      leftSection: r.id.startsWith('produto:') ? <IconPackage size={18} /> : <IconBuildingStore size={18} />,
      onClick: () => navigate(r.url),
      'data-cy': 'paleta-registro',
    })),
  ];
  return (
    <Spotlight
      store={lojaDaPaleta}
      actions={acoes}
      query={busca}
      onQueryChange={setBusca}
      filter={filtrarPaleta}
      shortcut={['mod + K']}
      // Ctrl+K works from inside a field too (forms open with their first field focused)
      tagsToIgnore={[]}
      nothingFound={registros.isFetching ? 'Buscando…' : 'Nenhuma tela ou registro encontrado'}
      highlightQuery
      limit={20}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        rightSection: registros.isFetching ? <Loader size={14} /> : undefined,
        placeholder: 'Ir para a tela, produto (código, EAN, descrição) ou fornecedor (CNPJ, nome)…',
        'aria-label': 'Buscar tela ou registro',
      }}
    />
  );
}
