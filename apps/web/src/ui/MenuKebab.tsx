import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface AcaoKebab {
  label: string;
  aoClicar: () => void;
  icone?: ReactNode;
  cor?: string;
  desabilitada?: boolean;
  dataCy?: string;
}

/** Kebab popover with an action menu (spec §2.3). */
export function MenuKebab({
  acoes,
  rotulo = 'Ações',
  largura,
  dataCy,
  tamanho,
}: {
  acoes: readonly AcaoKebab[];
  rotulo?: string;
  largura?: number;
  dataCy?: string;
  /** 'sm' in dense table rows */
  tamanho?: 'sm';
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={largura}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={rotulo} data-cy={dataCy} size={tamanho}>
          <IconDotsVertical size={tamanho ? 16 : 18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {acoes.map((a) => (
          <Menu.Item
            key={a.label}
            leftSection={a.icone}
            color={a.cor}
            disabled={a.desabilitada}
            onClick={a.aoClicar}
            data-cy={a.dataCy}
          >
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
