import { ActionIcon, Avatar, Group, Kbd, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconKeyboard,
  IconLogout,
  IconMenu2,
  IconSearch,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessao } from '../../servicos/sessao/store';
import { useAssinante } from '../../servicos/tema';
import { useFolhaAtalhos } from './Atalhos';
import { paleta } from './CommandPalette';
import classes from './Header.module.css';
import { SeletorLoja } from './SeletorLoja';
import { AvisoAtualizacao } from '../../modules/plataforma/atualizacao/AvisoAtualizacao';
import { NotificationBell } from '../../modules/plataforma/NotificationBell';
import { ArquivosEmProcessamento } from '../../modules/relatorios/ArquivosEmProcessamento';

function iniciais(nome: string): string {
  const partes = nome.trim().split(/\s+/);
  return ((partes[0]?.[0] ?? '') + (partes.length > 1 ? (partes.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

export function Header({ menuRecolhido, aoAlternarMenu }: { menuRecolhido: boolean; aoAlternarMenu: () => void }) {
  const usuario = useSessao((s) => s.usuario);
  const sair = useSessao((s) => s.sair);
  const assinante = useAssinante((s) => s.assinante);
  const abrirAtalhos = useFolhaAtalhos((s) => s.abrir);
  const nome = usuario?.nome ?? usuario?.username ?? '';
  const principal = usuario?.lojasUsuario.find((l) => l.principal) ?? usuario?.lojasUsuario[0];

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" className={classes.cabecalho}>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="white"
          size="lg"
          onClick={aoAlternarMenu}
          aria-label={menuRecolhido ? 'Expandir o menu' : 'Recolher o menu'}
          aria-expanded={!menuRecolhido}
        >
          <IconMenu2 size={22} />
        </ActionIcon>
        <UnstyledButton component={Link} to="/" className={classes.marca}>
          Retaguarda
        </UnstyledButton>
        {assinante && (
          <Text className={classes.assinante} visibleFrom="sm" truncate>
            {assinante.nome}
          </Text>
        )}
      </Group>
      <UnstyledButton className={classes.busca} onClick={() => paleta.open()} title="Buscar tela ou registro (Ctrl+K)">
        <IconSearch size={16} />
        <Text fz="sm" className={classes.textoBusca}>
          Buscar tela ou registro…
        </Text>
        <Kbd size="xs" visibleFrom="md">
          Ctrl + K
        </Kbd>
      </UnstyledButton>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="white"
          size="lg"
          onClick={() => abrirAtalhos(true)}
          aria-label="Atalhos do teclado (?)"
          title="Atalhos do teclado (?)"
          visibleFrom="sm"
          data-cy="abrir-atalhos"
        >
          <IconKeyboard size={20} />
        </ActionIcon>
        <SeletorLoja />
        <AvisoAtualizacao />
        <ArquivosEmProcessamento />
        <NotificationBell />
        <Menu position="bottom-end" width={240} shadow="md">
          <Menu.Target>
            <UnstyledButton className={classes.usuario} title={nome}>
              <Avatar size={30} radius="xl" color="white" variant="filled" className={classes.avatar}>
                {iniciais(nome || '?')}
              </Avatar>
              <div className={classes.nomeUsuario}>
                <Text fz="sm" fw={600} lh={1.1} truncate>
                  {nome}
                </Text>
                {principal && (
                  <Text fz="xs" lh={1.1} truncate className={classes.loja}>
                    {principal.id} - {principal.fantasia ?? principal.sigla}
                  </Text>
                )}
              </div>
              <IconChevronDown size={14} aria-hidden />
              <VisuallyHidden>Menu do usuário</VisuallyHidden>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{usuario?.username}</Menu.Label>
            <Menu.Item
              component={Link}
              to={`/gruposUsuario/cadastro/${usuario?.id ?? ''}`}
              leftSection={<IconUser size={16} />}
            >
              Meu cadastro
            </Menu.Item>
            <Menu.Item component={Link} to="/requerimentosAplicacao" leftSection={<IconWorld size={16} />}>
              Navegadores compatíveis
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={() => void sair()}
              data-cy="header-sair"
            >
              Sair
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
