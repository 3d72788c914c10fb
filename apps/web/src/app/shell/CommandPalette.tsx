import { folhasMenu } from '@retaguarda/domain';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconHome, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useMenu } from '../menu/menu';
import { IconeGrupo } from './icones';

/** Ctrl+K: jump to any screen the user may open (the menu already holds only those). */
export function CommandPalette() {
  const { data: menu = [] } = useMenu();
  const navigate = useNavigate();
  const acoes = useMemo<SpotlightActionData[]>(
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
    ],
    [menu, navigate],
  );
  return (
    <Spotlight
      actions={acoes}
      shortcut={['mod + K']}
      nothingFound="Nenhuma tela encontrada"
      highlightQuery
      limit={12}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        placeholder: 'Ir para a tela…',
        'aria-label': 'Buscar tela',
      }}
    />
  );
}
