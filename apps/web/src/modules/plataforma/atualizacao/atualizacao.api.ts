/** The versions and update API (spec §7): versions, notes, active sessions, logout request, self-update. */
import { comandoIniciarAtualizacao, comandoSolicitarLogout } from '@retaguarda/domain';
import type {
  NotaDeAtualizacao,
  SessoesAtivas,
  SituacaoDaAtualizacao,
  TentativaDeAtualizacao,
  Versao,
} from '@retaguarda/domain';
import { comCarregamento } from '../../../servicos/estado-ui';
import { api } from '../../../lib/api';
import { chamarComando } from '../../../lib/comando/chamar';

export type { NotaDeAtualizacao, Versao } from '@retaguarda/domain';
/** A live session of the tenant; `atual` marks the caller's own. */
export type SessaoAtiva = SessoesAtivas['items'][number];
export type Tentativa = TentativaDeAtualizacao;

export const versaoCompleta = (v: Versao) => `${v.numero}.${v.build}`;

export const buscarVersaoAtual = () => api<Versao>('/api/v1/versoes/atual');
export const buscarVersaoMaisRecente = () => api<Versao>('/api/v1/versoes/mais-recente');
export const buscarNotas = () => api<NotaDeAtualizacao[]>('/api/v1/versoes/notas-de-atualizacao');
export const buscarSessoesAtivas = () => api<SessoesAtivas>('/api/v1/sessoes-ativas').then((r) => r.items);
export const solicitarLogoutUsuarios = () => chamarComando(comandoSolicitarLogout, {});
// starting the self-update runs under the global loading curtain (spec §2.3)
export const pedirAtualizacao = () => comCarregamento(() => chamarComando(comandoIniciarAtualizacao, {}));
export const situacaoDaAtualizacao = () => api<SituacaoDaAtualizacao>('/api/v1/administracao/self-update');
