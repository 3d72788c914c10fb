import { ActionIcon, Box, NavLink, ScrollArea, Tooltip, UnstyledButton } from '@mantine/core';
import { type MenuEntry, slugMenu } from '@retaguarda/domain';
import { IconChevronRight, IconHome, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMenu, useMeuMenu } from '../../servicos/menu/menu';
import { IconeGrupo } from '../../ui/icones';
import classes from './SideMenu.module.css';

export interface SideMenuProps {
  recolhido: boolean;
  /** The current breadcrumb (group, section, …) and route path: they pick the active entry. */
  trilha: readonly string[];
  rotaAtual: string;
  aoExpandir: () => void;
  aoNavegar?: () => void;
}

export function SideMenu({ recolhido, trilha, rotaAtual, aoExpandir, aoNavegar }: SideMenuProps) {
  const { data: menu = [] } = useMenu();
  const { meuMenu, salvar } = useMeuMenu();
  const [abertos, setAbertos] = useState<Set<string>>(new Set());
  const [g0, s0] = trilha;

  useEffect(() => {
    // open the active entry's group and section (first two breadcrumb items)
    if (g0) setAbertos((a) => new Set([...a, g0, `${g0}/${s0 ?? ''}`]));
  }, [g0, s0]);

  const alternar = (chave: string) =>
    setAbertos((a) => {
      const n = new Set(a);
      if (n.has(chave)) n.delete(chave);
      else n.add(chave);
      return n;
    });
  const fixado = (rota?: string) => meuMenu.some((e) => e.rota === rota);
  const fixar = (e: MenuEntry) =>
    void salvar(fixado(e.rota) ? meuMenu.filter((m) => m.rota !== e.rota) : [...meuMenu, { ...e, submenu: undefined }]);

  const folha = (e: MenuEntry, nivel: number) => (
    <NavLink
      key={e.id}
      component={Link}
      to={e.rota ?? '/'}
      label={e.descricao}
      active={e.rota === rotaAtual}
      onClick={aoNavegar}
      data-cy={`sidemenu-item-${slugMenu(e.descricao)}`}
      pl={nivel === 0 ? undefined : nivel * 14}
      leftSection={nivel === 0 ? <IconeGrupo grupo={e.descricao} /> : undefined}
      className={nivel === 0 ? classes.grupo : classes.folha}
      rightSection={
        <ActionIcon
          component="span"
          size="sm"
          variant="subtle"
          color={fixado(e.rota) ? 'yellow' : 'gray'}
          className={fixado(e.rota) ? undefined : classes.estrela}
          aria-label={fixado(e.rota) ? `Remover ${e.descricao} do meu menu` : `Adicionar ${e.descricao} ao meu menu`}
          onClick={(ev) => {
            ev.preventDefault();
            ev.stopPropagation();
            fixar(e);
          }}
        >
          {fixado(e.rota) ? <IconStarFilled size={14} /> : <IconStar size={14} />}
        </ActionIcon>
      }
    />
  );

  // Groups and sections are divs (stores' UI robots click div[data-cy=sidemenu-item-…]) and open without
  // nested Collapse animations (a collapsed parent froze its child at height 0)
  const ramo = (e: MenuEntry, nivel: number, pai = ''): ReactNode => {
    if (!e.submenu) return folha(e, nivel);
    const chave = nivel === 0 ? e.descricao : `${pai}/${e.descricao}`;
    const ativo = nivel === 0 ? e.descricao === g0 : pai === g0 && e.descricao === s0;
    const aberto = abertos.has(chave);
    return (
      <Fragment key={e.id}>
        <NavLink
          component="div"
          role="button"
          tabIndex={0}
          label={e.descricao}
          leftSection={nivel === 0 ? <IconeGrupo grupo={e.descricao} /> : undefined}
          rightSection={<IconChevronRight size={14} className={classes.seta} data-aberto={aberto || undefined} />}
          aria-expanded={aberto}
          onClick={() => alternar(chave)}
          onKeyDown={(ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault();
              alternar(chave);
            }
          }}
          active={ativo}
          variant="subtle"
          pl={nivel === 0 ? undefined : nivel * 14}
          data-cy={`sidemenu-item-${slugMenu(e.descricao)}`}
          className={nivel === 0 ? classes.grupo : classes.secao}
        />
        {aberto && <div>{e.submenu.map((f) => ramo(f, nivel + 1, chave))}</div>}
      </Fragment>
    );
  };

  if (recolhido) {
    return (
      <Box component="nav" aria-label="Menu principal" data-collapsed="true" className={classes.trilho}>
        <Tooltip label="Painel" position="right">
          <UnstyledButton component={Link} to="/" className={classes.iconeTrilho} aria-label="Painel">
            <IconHome size={20} stroke={1.6} />
          </UnstyledButton>
        </Tooltip>
        {menu.map((e) => (
          <Tooltip key={e.id} label={e.descricao} position="right">
            <UnstyledButton
              className={classes.iconeTrilho}
              data-active={e.descricao === g0 || undefined}
              aria-label={e.descricao}
              data-cy={`sidemenu-item-${slugMenu(e.descricao)}`}
              onClick={() => {
                if (e.submenu) setAbertos((a) => new Set([...a, e.descricao]));
                aoExpandir();
              }}
            >
              <IconeGrupo grupo={e.descricao} />
            </UnstyledButton>
          </Tooltip>
        ))}
      </Box>
    );
  }
  return (
    <Box component="nav" aria-label="Menu principal" data-collapsed="false" className={classes.menu}>
      <ScrollArea className={classes.rolagem} type="hover" scrollbarSize={6}>
        <NavLink
          component={Link}
          to="/"
          label="Painel"
          leftSection={<IconHome size={20} stroke={1.6} />}
          active={rotaAtual === '/'}
          onClick={aoNavegar}
          data-cy="sidemenu-item-painel"
          className={classes.grupo}
        />
        {menu.map((e) => ramo(e, 0))}
      </ScrollArea>
    </Box>
  );
}
