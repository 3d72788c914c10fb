/** Route guards as loaders (spec §2.1): login, inactivity, forced password reset, permissions. */
import { decidirAcesso, MSG, type RotaDef } from '@retaguarda/domain';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { inativo } from '../../servicos/sessao/inatividade';
import { logado, sessaoEncerrando, useSessao } from '../../servicos/sessao/store';
import type { ToastInput } from '../../lib/toasts';
import { aposNavegar } from '../../servicos/navegacao/navegacao';

export const TOAST_SEM_ACESSO: ToastInput = {
  type: 'error',
  title: MSG.semAcessoTitulo,
  message: MSG.semAcessoMensagem,
};

/** The hash router builds requests from the hash: take path and query from it. */
export function localDe(request: Request): { caminho: string; query: URLSearchParams } {
  const url = new URL(request.url);
  return { caminho: url.pathname, query: url.searchParams };
}

export function urlLogin(caminhoCompleto: string): string {
  const semQuery = caminhoCompleto.split('?')[0] ?? '/';
  if (semQuery === '/' || semQuery === '' || semQuery === '/login') return '/login';
  return `/login?redirectFrom=${encodeURIComponent(caminhoCompleto)}`;
}

export async function exigirLogin(request: Request): Promise<Response | null> {
  const { caminho, query } = localDe(request);
  const completo = query.size ? `${caminho}?${query.toString()}` : caminho;
  const sessao = useSessao.getState();
  // a new tab or a pasted deep link: this browser's session comes from the refresh cookie (lib/tokens.ts)
  if (!logado() && !sessaoEncerrando()) await sessao.restaurar();
  if (logado() && inativo()) await sessao.sair();
  if (!logado()) return redirect(urlLogin(completo));
  if (sessao.forcarTrocaSenha) return redirect('/trocar-senha');
  return null;
}

export function guarda(rota: RotaDef) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const bloqueio = await exigirLogin(request);
    if (bloqueio) return bloqueio;
    const usuario = useSessao.getState().usuario;
    if (!usuario) return redirect('/login');
    const decisao = decidirAcesso(rota, usuario, params, localDe(request).query);
    if (decisao.tipo === 'negado') {
      aposNavegar(TOAST_SEM_ACESSO);
      return redirect('/');
    }
    if (decisao.tipo === 'redirecionar') return redirect(decisao.para);
    return null;
  };
}
