/** The hash data router built from the route table (spec §2.2, §2.4). */
import { ROTAS_APELIDOS, ROTAS_AREAS, ROTAS_EXTRAS, ROTAS_RAIZ, type RotaDef } from '@retaguarda/domain';
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { RaizApp } from '../RaizApp';
import { quandoSair } from '../../servicos/sessao/eventos';
import { logado } from '../../servicos/sessao/store';
import { carregarTela, type Importador } from '../../servicos/navegacao/carregar';
import { exigirLogin, guarda, urlLogin } from './guarda';
import { semRenewd } from './legado';
import { acompanharNavegacao } from '../../servicos/navegacao/navegacao';
import type { HandleRota } from '../../servicos/navegacao/useRotaAtual';
import { RouteErrorView } from './RouteErrorView';
import { importadorDe } from './telas';

const raiz = (p: string) => ROTAS_RAIZ.find((r) => r.path === p) as RotaDef;

/** A screen that cannot load (50 s timeout, chunk failure) renders the error view in its place. */
const tela =
  (importar: Importador, parcial = true) =>
  async () => {
    try {
      return { Component: await carregarTela(importar) };
    } catch (erro) {
      return { Component: () => <RouteErrorView erro={erro} parcial={parcial} /> };
    }
  };

function rotaProtegida(def: RotaDef): RouteObject {
  return {
    path: def.path === '/' ? undefined : def.path.slice(1),
    index: def.path === '/' ? true : undefined,
    handle: { rota: def } satisfies HandleRota,
    loader: guarda(def),
    lazy: tela(importadorDe(def.path)),
    errorElement: <RouteErrorView parcial />,
  } as RouteObject;
}

export const rotas: RouteObject[] = [
  {
    path: '/login',
    handle: { rota: raiz('/login') },
    lazy: async () => {
      const m = await carregarTela(() => import('../login/LoginPage'));
      return { Component: m.LoginPage, loader: m.loginLoader };
    },
  },
  { path: '/500', lazy: tela(() => import('../erros/ErrosPage').then((m) => m.ServerErrorPage)) },
  { path: '/404', lazy: tela(() => import('../erros/ErrosPage').then((m) => m.NotFoundPage)) },
  { path: '/tempo-esgotado', lazy: tela(() => import('../erros/ErrosPage').then((m) => m.TimeoutPage)) },
  {
    path: '/trocar-senha',
    loader: () => (logado() ? null : redirect('/login')),
    lazy: tela(() => import('../login/TrocarSenhaPage').then((m) => m.TrocarSenhaPage)),
  },
  {
    path: '/',
    loader: ({ request }) => exigirLogin(request),
    lazy: tela(() => import('../shell/Shell').then((m) => m.Shell), false),
    errorElement: <RouteErrorView />,
    children: [
      rotaProtegida(raiz('/')),
      rotaProtegida(raiz('/vf')),
      rotaProtegida(raiz('/visualizacao-relatorio/:blob')),
      ...ROTAS_AREAS.map(rotaProtegida),
      ...ROTAS_EXTRAS.map(rotaProtegida),
      // the correct spelling of a path the spec misspells leads to the spec's path, query kept
      ...Object.entries(ROTAS_APELIDOS).map(([de, para]) => ({
        path: de.slice(1),
        loader: ({ request }: { request: Request }) => redirect(`${para}${new URL(request.url).search}`),
      })),
    ],
  },
  {
    // the sign-on callback arrives as /app/#code=… (route /code*); anything else is a 404
    path: '*',
    loader: ({ request }) => (/^\/?code/.test(new URL(request.url).pathname) ? null : redirect('/404')),
    lazy: tela(() => import('../login/SsoRetornoPage').then((m) => m.SsoRetornoPage), false),
  },
];

export const router = createHashRouter([{ element: <RaizApp />, children: rotas }]);

acompanharNavegacao(router);

quandoSair(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  // the way back after signing in drops /vf's renewd, which would log out again (spec §2.1)
  void router.navigate(urlLogin(semRenewd(`${pathname}${search}`)), { replace: true });
});
