import { MENU_COLLAPSE_WIDTH_PX } from '@retaguarda/domain';

/** Header height (spec §9): 46 below 1025 px, 50 from 1025 to 1366, 64 above; 0 in full screen. */
export function alturaCabecalho(largura: number, telaCheia = false): number {
  if (telaCheia) return 0;
  if (largura < 1025) return 46;
  if (largura <= 1366) return 50;
  return 64;
}

/** The menu starts collapsed when the window is narrower than 868 px (spec §2.3). */
export function menuRecolhidoPorPadrao(largura: number): boolean {
  return largura < MENU_COLLAPSE_WIDTH_PX;
}

export const LARGURA_MENU = 264;
export const LARGURA_MENU_RECOLHIDO = 56;
