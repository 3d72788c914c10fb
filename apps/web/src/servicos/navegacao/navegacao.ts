/**
 * What every navigation does (spec §2.1): clear toasts, stop loading, close the learning
 * modal, full screen from `fullScreen`, refresh last activity, `renewd` on /vf, build change.
 */
import type { DataRouter as Router } from 'react-router';
import { registrarAtividade } from '../sessao/inatividade';
import { logado, useSessao } from '../sessao/store';
import { type ToastInput, toast, useToasts } from '../../lib/toasts';
import { useEstadoUi } from '../estado-ui';

type RouterApp = Pick<Router, 'subscribe' | 'state'>;

const pendentes: ToastInput[] = [];
/** Toasts raised while navigating are shown once it ends (the start clears the old ones). */
export function aposNavegar(t: ToastInput): void {
  pendentes.push(t);
}

const ehVf = (p: string) => p === '/vf';

export function acompanharNavegacao(router: RouterApp): () => void {
  let anterior = router.state.location;
  // the first location (a new tab, a reload, /vf's frame) is entered too: its fullScreen flag counts
  useEstadoUi.getState().definir({ telaCheia: new URLSearchParams(anterior.search).get('fullScreen') === 'true' });
  let navegando = false;
  return router.subscribe((state) => {
    const ui = useEstadoUi.getState();
    if (state.navigation.state !== 'idle' && !navegando) {
      navegando = true;
      useToasts.getState().limpar();
      ui.pararCarregamento(true);
      ui.definir({ modalAprendizagemAberto: false });
    }
    if (state.navigation.state !== 'idle') return;
    navegando = false;
    const atual = state.location;
    if (atual === anterior && pendentes.length === 0) return;
    const q = new URLSearchParams(atual.search);
    const qAnterior = new URLSearchParams(anterior.search);
    ui.definir({ telaCheia: q.get('fullScreen') === 'true' });
    const renewd = (ehVf(atual.pathname) && q.has('renewd')) || (ehVf(anterior.pathname) && qAnterior.has('renewd'));
    anterior = atual;
    if (renewd && logado()) {
      void useSessao.getState().sair();
      return;
    }
    if (logado()) registrarAtividade();
    for (const t of pendentes.splice(0)) toast(t);
    const build = ui.buildPendente;
    if (build && logado()) {
      ui.definir({ buildPendente: null });
      void useSessao
        .getState()
        .carregarUsuario()
        .then(() =>
          toast({ type: 'success', title: 'Atualização', message: `O build ${build} foi aplicado com sucesso!` }),
        );
    }
  });
}
