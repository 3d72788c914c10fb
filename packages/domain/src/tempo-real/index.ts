/** Every realtime event the areas declare (one list: names are unique, the web and the server read it). */
import { EVENTOS_CONFIGURACOES } from '../configuracoes/eventos';
import { EVENTO_INCONSISTENCIAS_ALTERADAS } from '../fiscal/inconsistencias/eventos';
import { EVENTOS_FRENTE_DE_LOJA } from '../frente-de-loja/eventos';
import { EVENTO_PEDIDO_VENDA } from '../venda/pedido/eventos';
import type { DeclaracaoEvento } from './definir';

export * from './definir';

export const EVENTOS_DAS_AREAS: readonly DeclaracaoEvento[] = [
  ...EVENTOS_CONFIGURACOES,
  EVENTO_INCONSISTENCIAS_ALTERADAS,
  ...EVENTOS_FRENTE_DE_LOJA,
  EVENTO_PEDIDO_VENDA,
];
