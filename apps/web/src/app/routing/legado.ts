/** Screens /vf can host, by the legacy path in `r`; later issues replace these with real screens. */
import type { Importador } from './carregar';
import { emConstrucao } from './telas';

export const TELAS_LEGADO: Record<string, Importador> = {
  '/inconsistencia/index': emConstrucao,
  '/relatorioExtratoEstoque/index': emConstrucao,
  '/inventario/index': emConstrucao,
};
