/**
 * Route access rules (spec §2.1, §2.4, §6): one pure function of the user and the route,
 * used by the web guards and the server's menu.
 */
import type { RotaDef } from './routes';

export interface UsuarioAcesso {
  id: number | string;
  administrador: boolean;
  tipoCliente: string;
  permissoes: readonly string[];
  /**
   * The tenant's feature flags a route may name (`especial.featureFlag`), from its settings (`GET /eumesmo`
   * sends them; e.g. `inventario` ← "Inventário habilitado"); absent or unnamed: on.
   */
  flags?: Readonly<Record<string, boolean>>;
}

/** A feature flag is on unless the tenant turned it off. */
export const flagLigada = (usuario: UsuarioAcesso, flag: string | undefined): boolean =>
  !flag || usuario.flags?.[flag] !== false;

export type Decisao =
  | { tipo: 'permitido' }
  | { tipo: 'negado' }
  | { tipo: 'redirecionar'; para: string; substituir?: boolean };

/** The guard: any-of permissions plus an optional client type (default all). */
export function checarPermissao(
  usuario: UsuarioAcesso,
  permissoes: readonly string[],
  tipoCliente: string = 'all',
): boolean {
  const temPermissao = permissoes.length === 0 || permissoes.some((p) => usuario.permissoes.includes(p));
  const tipoOk = tipoCliente === 'all' || usuario.tipoCliente === tipoCliente;
  return temPermissao && tipoOk;
}

/** `b` breadcrumb of the legacy host: the items and title joined by ' > '. */
export function breadcrumbLegado(rota: RotaDef): string {
  return [...rota.breadcrumb, rota.titulo].join(' > ');
}

export function urlLegado(r: string, b: string): string {
  return `/vf?r=${encodeURIComponent(r)}&b=${encodeURIComponent(b)}`;
}

/** Query flag of the page /vf frames: the legacy permission opens the screen instead of redirecting again. */
export const PARAM_QUADRO_LEGADO = 'quadroLegado';

/**
 * The onclick of the old 'Saldo de estoque' store link, which UI robots select by (api-compat C12): the
 * page keeps it as an inline handler and the server's CSP allows this exact one by its hash.
 */
export const ONCLICK_POPUP_LOJAS = 'jQuery.iniciaPopupAdcaoDeLoja()';

/**
 * The `r` of a legacy redirect: the legacy path, then the route's params and its sub-screen (`etapa`)
 * as query (`/inventario/index?id=5&etapa=finalizar`), so deep links keep their ids inside /vf.
 */
export function rLegado(esp: { r: string; etapa?: string }, params: Record<string, string | undefined> = {}): string {
  const pares = Object.entries(params).filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '');
  if (esp.etapa) pares.push(['etapa', esp.etapa]);
  const q = pares.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return q ? `${esp.r}?${q}` : esp.r;
}

/** The part of URLSearchParams the rules read (kept structural: the domain has no DOM). */
export interface LeitorQuery {
  get(nome: string): string | null;
}
const SEM_QUERY: LeitorQuery = { get: () => null };

export function decidirAcesso(
  rota: RotaDef,
  usuario: UsuarioAcesso,
  params: Record<string, string | undefined> = {},
  query: LeitorQuery = SEM_QUERY,
): Decisao {
  const ok = () => checarPermissao(usuario, rota.permissoes, rota.tipoCliente);
  if (rota.admin && !usuario.administrador) return { tipo: 'negado' };
  const esp = rota.especial;
  switch (esp?.tipo) {
    case 'legado':
      // the client type first: a TODOS tenant is never sent to a franchise-only legacy screen
      if (rota.tipoCliente !== 'all' && usuario.tipoCliente !== rota.tipoCliente) return { tipo: 'negado' };
      if (usuario.permissoes.includes(esp.permissao)) {
        if (query.get(PARAM_QUADRO_LEGADO) === '1') return { tipo: 'permitido' };
        return {
          tipo: 'redirecionar',
          para: urlLegado(rLegado(esp, params), breadcrumbLegado(rota)),
          substituir: true,
        };
      }
      // others: the permission check with the route's feature flag (spec §2.4)
      return ok() && flagLigada(usuario, esp.featureFlag) ? { tipo: 'permitido' } : { tipo: 'negado' };
    case 'queryObrigatoria':
      if (!ok()) return { tipo: 'negado' };
      return esp.params.every((p) => query.get(p))
        ? { tipo: 'permitido' }
        : { tipo: 'redirecionar', para: esp.destino, substituir: true };
    case 'gruposUsuarios':
      if (!usuario.administrador) {
        return { tipo: 'redirecionar', para: `/gruposUsuario/cadastro/${usuario.id}`, substituir: true };
      }
      return ok() ? { tipo: 'permitido' } : { tipo: 'negado' };
    case 'usuarioProprio':
      return usuario.administrador || params.id === String(usuario.id) ? { tipo: 'permitido' } : { tipo: 'negado' };
    default:
      return ok() && flagLigada(usuario, rota.featureFlag) ? { tipo: 'permitido' } : { tipo: 'negado' };
  }
}

/** Whether the route's menu entry leads somewhere the user may go. */
export function podeVerNoMenu(rota: RotaDef, usuario: UsuarioAcesso): boolean {
  if (rota.admin && !usuario.administrador) return false;
  const esp = rota.especial;
  if (esp?.tipo === 'gruposUsuarios' || esp?.tipo === 'usuarioProprio') return true;
  if (esp?.tipo === 'legado') {
    if (rota.tipoCliente !== 'all' && usuario.tipoCliente !== rota.tipoCliente) return false;
    if (usuario.permissoes.includes(esp.permissao)) return true;
    return checarPermissao(usuario, rota.permissoes, rota.tipoCliente) && flagLigada(usuario, esp.featureFlag);
  }
  return checarPermissao(usuario, rota.permissoes, rota.tipoCliente) && flagLigada(usuario, rota.featureFlag);
}
