import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { vigiarInatividade } from '../servicos/sessao/inatividade';
import { vigiarSso } from '../servicos/sessao/sso';
import { useSessao } from '../servicos/sessao/store';
import { CortinaCarregamento, IndicadorNavegacao } from './shell/IndicadorCarregamento';
import { ToastStack } from './toasts/ToastStack';

/** Above every route: toasts, the loading curtain, the lazy-route indicator and the inactivity watch. */
export function RaizApp() {
  const navigate = useNavigate();
  useEffect(() => vigiarInatividade(), []);
  useEffect(
    () =>
      vigiarSso(async (mensagem) => {
        await useSessao.getState().sair({ semServidor: true });
        navigate(`/login?erroAutenticacao=${encodeURIComponent(mensagem)}`, { replace: true });
      }),
    [navigate],
  );
  return (
    <>
      <IndicadorNavegacao />
      <Outlet />
      <ToastStack />
      <CortinaCarregamento />
    </>
  );
}
