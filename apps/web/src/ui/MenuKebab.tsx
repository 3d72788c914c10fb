import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface AcaoKebab {
  label: string;
  aoClicar: () => void;
  icone?: ReactNode;
  cor?: string;
  desabilitada?: boolean;
}

/** Kebab popover with an action menu (spec §2.3). */
export function MenuKebab({ acoes, rotulo = 'Ações' }: { acoes: readonly AcaoKebab[]; rotulo?: string }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={rotulo}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {acoes.map((a) => (
          <Menu.Item key={a.label} leftSection={a.icone} color={a.cor} disabled={a.desabilitada} onClick={a.aoClicar}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
