/**
 * Screens per route path. A route without a screen yet renders the shared 'Em construção'
 * page; later issues add their screens here.
 */
import { telasDosCadastros } from '../../registers/telas';
import type { Importador } from './carregar';

export const TELAS: Record<string, Importador> = {
  ...telasDosCadastros(),
  '/': () => import('../../pages/PainelPage').then((m) => m.PainelPage),
  '/vf': () => import('../../pages/VfPage').then((m) => m.VfPage),
  '/notificacoes': () => import('../../pages/NotificacoesPage').then((m) => m.NotificacoesPage),
};

export const emConstrucao: Importador = () => import('../../pages/EmConstrucaoPage').then((m) => m.EmConstrucaoPage);

export function importadorDe(path: string): Importador {
  return TELAS[path] ?? emConstrucao;
}
