/** The session (spec §4): logged out ↔ logged in, forced password reset from the token. */
import { MSG } from '@retaguarda/domain';
import { create } from 'zustand';
import { api, configurarApi } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import { definirSaidaLivre } from '../../lib/saida-livre';
import { apagarCache, CHAVES, gravarStorage } from '../../lib/storage';
import { gravarTokens, lerTokens, payloadJwt, type Tokens } from '../../lib/tokens';
import { pedeCaptcha } from './recaptcha';
import { aoEncerrarSessao, aoIniciarSessao, aoSairNoServidor } from './eventos';
import type { RespostaAuth, Usuario } from './types';

/** The header the server asks beside the refresh cookie (a cross-site form cannot send it). */
const RENOVACAO = { 'X-Retaguarda-Renovacao': '1' };

interface SessaoState {
  usuario: Usuario | null;
  forcarTrocaSenha: boolean;
  entrar: (username: string, password: string) => Promise<Usuario>;
  /** Starts the session from a sign-in answer (the password login and the SSO callback). */
  iniciar: (resp: RespostaAuth | null) => Promise<Usuario>;
  carregarUsuario: () => Promise<Usuario>;
  renovar: () => Promise<boolean>;
  /** A new tab, a reload or a deep link: the session of this browser from the refresh cookie, once. */
  restaurar: () => Promise<boolean>;
  sair: (opts?: { semServidor?: boolean; avisarAbas?: boolean }) => Promise<void>;
  senhaTrocada: () => void;
}

let restauracao: Promise<boolean> | null = null;
let encerrando = false;
/** True from the end of a session until the next sign-in: the unsaved-changes guard lets the way to login through. */
export const sessaoEncerrando = () => encerrando;

function flagDoToken(t: Tokens | null): boolean {
  return payloadJwt(t?.accessToken ?? '').forcePasswordReset === true;
}

export const useSessao = create<SessaoState>((set, get) => ({
  usuario: null,
  forcarTrocaSenha: false,

  entrar: async (username, password) => {
    // the legacy sign-in goes first (spec §7); the legacy screens use its cookie
    await api('/j_spring_security_check', {
      method: 'POST',
      form: { j_username: username, j_password: password },
      token: null,
    }).catch(() => undefined);
    let resp: RespostaAuth | null;
    try {
      resp = await api<RespostaAuth>('/api/auth', { method: 'POST', body: { username, password }, token: null });
    } catch (e) {
      // a 400 asking for the captcha goes to the sign-in screen as is (login/recaptcha.ts)
      if (pedeCaptcha(e)) throw e;
      if (e instanceof HttpError && (e.status === 401 || e.status === 400)) throw new Error(MSG.credenciaisInvalidas);
      throw e;
    }
    return get().iniciar(resp);
  },

  iniciar: async (resp) => {
    if (!resp?.accessToken) throw new Error(MSG.credenciaisInvalidas);
    const tokens = { accessToken: resp.accessToken, sessionToken: resp.sessionToken };
    gravarTokens(tokens);
    encerrando = false;
    const usuario = await get().carregarUsuario();
    set({ forcarTrocaSenha: flagDoToken(tokens) || usuario.forcePasswordReset === true });
    aoIniciarSessao(usuario);
    return usuario;
  },

  carregarUsuario: async () => {
    const usuario = await api<Usuario | null>('/api/v1/eumesmo');
    if (!usuario || typeof usuario !== 'object' || !('id' in usuario)) throw new Error(MSG.erroCarregarUsuario);
    set({ usuario });
    return usuario;
  },

  renovar: async () => {
    if (!lerTokens()) return false;
    try {
      // the refresh token is the HttpOnly cookie (lib/tokens.ts): no Authorization header
      const resp = await api<RespostaAuth>('/api/auth/refresh', { token: null, headers: RENOVACAO });
      gravarTokens(resp);
      set({ forcarTrocaSenha: flagDoToken(resp) });
      return true;
    } catch (e) {
      if (e instanceof HttpError && (e.status === 400 || e.status === 401)) await get().sair({ semServidor: true });
      return false;
    }
  },

  restaurar: () => {
    if (lerTokens()) return Promise.resolve(true);
    restauracao ??= (async () => {
      try {
        const resp = await api<RespostaAuth>('/api/auth/refresh', { token: null, headers: RENOVACAO });
        if (!resp?.accessToken) return false;
        gravarTokens(resp);
        encerrando = false;
        const usuario = await get().carregarUsuario();
        set({ forcarTrocaSenha: flagDoToken(resp) || usuario.forcePasswordReset === true });
        aoIniciarSessao(usuario);
        return true;
      } catch {
        // no cookie, or its session ended: this tab starts logged out
        gravarTokens(null);
        set({ usuario: null });
        return false;
      } finally {
        restauracao = null;
      }
    })();
    return restauracao;
  },

  sair: async ({ semServidor = false, avisarAbas = true } = {}) => {
    const tinhaSessao = lerTokens() !== null;
    // already out or on the way: a second 401, another tab's message or a late revocation changes
    // nothing (a second navigation to login used to race the first)
    if (encerrando || (!tinhaSessao && get().usuario === null)) return;
    // from here any screen lets the way to login through, unsaved form or not (SairSemSalvar)
    encerrando = true;
    if (tinhaSessao && !semServidor) {
      await aoSairNoServidor();
      // the server ends the session and clears the refresh cookie every tab shares
      await api('/api/auth/logout').catch(() => undefined);
    }
    gravarTokens(null);
    apagarCache(CHAVES.menu);
    if (avisarAbas) gravarStorage(CHAVES.logout, Date.now());
    set({ usuario: null, forcarTrocaSenha: false });
    aoEncerrarSessao();
  },

  senhaTrocada: () => set({ forcarTrocaSenha: false }),
}));

export const logado = () => useSessao.getState().usuario !== null && lerTokens() !== null;

definirSaidaLivre(sessaoEncerrando);

configurarApi({
  aoNaoAutorizado: () => void useSessao.getState().sair({ semServidor: true }),
  renovar: () => useSessao.getState().renovar(),
});
