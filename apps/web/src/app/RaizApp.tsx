import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { vigiarInatividade } from './session/inatividade';
import { CortinaCarregamento, IndicadorNavegacao } from './shell/IndicadorCarregamento';
import { ToastStack } from './toasts/ToastStack';

/** Above every route: toasts, the loading curtain, the lazy-route indicator and the inactivity watch. */
export function RaizApp() {
  useEffect(() => vigiarInatividade(), []);
  return (
    <>
      <IndicadorNavegacao />
      <Outlet />
      <ToastStack />
      <CortinaCarregamento />
    </>
  );
}
