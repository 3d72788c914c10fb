/** 'Solicitar logout dos usuários': asks every other user of the tenant to log out, with a toast. */
import { toast } from '../../../lib/toasts';
import { toastDeErro } from '../../../lib/erros';
import { solicitarLogoutUsuarios } from './atualizacao.api';

export async function solicitarLogout(): Promise<void> {
  try {
    const r = await solicitarLogoutUsuarios();
    toast({ type: 'success', title: 'Logout solicitado', message: r.message });
  } catch (e) {
    toast(toastDeErro(e));
  }
}
