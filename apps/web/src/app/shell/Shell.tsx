import { AppShell, Box, Group } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AjudaDaTela } from '../../modules/plataforma/aprendizagem/AjudaDaTela';
import { AtualizacaoModal } from '../../modules/plataforma/atualizacao/AtualizacaoModal';
import { useEstadoUi } from '../../servicos/estado-ui';
import { queryClient } from '../query-client';
import { lembrarRecente } from '../../servicos/recentes';
import { avisarHospedeiro, emQuadro, MENSAGEM_LEGADO } from '../routing/legado';
import { quandoSair } from '../../servicos/sessao/eventos';
import { Atalhos } from './Atalhos';
import { Breadcrumbs } from './Breadcrumbs';
import { ComContextoCadastros } from './ContextoCadastros';
import { CommandPalette } from './CommandPalette';
import { Header } from './Header';
import { alturaCabecalho, LARGURA_MENU, LARGURA_MENU_RECOLHIDO, menuRecolhidoPorPadrao } from './layout';
import { SideMenu } from './SideMenu';
import classes from './Shell.module.css';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';

/** The signed-in frame: header, side menu, breadcrumbs and the current screen. */
export function Shell() {
  const { width } = useViewportSize();
  const largura = width || window.innerWidth;
  const telaCheia = useEstadoUi((s) => s.telaCheia);
  const menuAberto = useEstadoUi((s) => s.menuAberto);
  const definir = useEstadoUi((s) => s.definir);
  const recolhido = menuAberto === null ? menuRecolhidoPorPadrao(largura) : !menuAberto;
  const atual = useRotaAtual();
  const altura = alturaCabecalho(largura, telaCheia);

  useEffect(() => {
    if (atual.rota && atual.caminho !== '/' && atual.caminho !== '/vf')
      lembrarRecente(atual.caminho, atual.titulo, atual.trilha);
    document.title = `${atual.titulo} · Retaguarda`;
  }, [atual.rota, atual.caminho, atual.titulo, atual.trilha]);

  // inside /vf's frame a session end is told to the host page (spec §2.2), which logs out
  useEffect(() => (emQuadro() ? quandoSair(() => avisarHospedeiro(MENSAGEM_LEGADO.sessaoEncerrada)) : undefined), []);

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: altura, collapsed: telaCheia }}
        navbar={{
          width: recolhido ? LARGURA_MENU_RECOLHIDO : LARGURA_MENU,
          breakpoint: 0,
          collapsed: { desktop: telaCheia },
        }}
        padding={0}
      >
        {/* full-screen mode (spec §2.1 fullScreen, the /vf frame): no header and no side menu at all */}
        {!telaCheia && (
          <AppShell.Header withBorder={false}>
            <Header menuRecolhido={recolhido} aoAlternarMenu={() => definir({ menuAberto: recolhido })} />
          </AppShell.Header>
        )}
        {!telaCheia && (
          <AppShell.Navbar className={classes.navbar}>
            <SideMenu
              recolhido={recolhido}
              trilha={atual.trilha}
              rotaAtual={atual.caminho}
              aoExpandir={() => definir({ menuAberto: true })}
              aoNavegar={() => {
                if (menuRecolhidoPorPadrao(largura)) definir({ menuAberto: false });
              }}
            />
          </AppShell.Navbar>
        )}
        <AppShell.Main className={classes.main}>
          {!telaCheia && (
            <Box className={classes.trilha}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Breadcrumbs trilha={atual.trilha} titulo={atual.titulo} />
                <AjudaDaTela menuId={atual.caminho} />
              </Group>
            </Box>
          )}
          {/* MainGB_mainContent_1z6Zo: the old app's hashed CSS-module class, which UI robots look for (api-compat C12) */}
          <Box className={`${classes.conteudo} MainGB_mainContent_1z6Zo`} id="conteudo">
            <ComContextoCadastros>
              <Outlet />
            </ComContextoCadastros>
          </Box>
        </AppShell.Main>
        <CommandPalette />
        <Atalhos />
        <AtualizacaoModal />
      </AppShell>
    </QueryClientProvider>
  );
}
