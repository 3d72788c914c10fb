/**
 * The page size a user chose for a list, remembered in this browser per list (route and list key):
 * the next visit opens with it. A link that names `tamanho` still wins.
 */
import { TAMANHOS_PAGINA } from './estado';

const PREFIXO = 'retaguarda.tamanhoPagina.';

export function tamanhoLembrado(lista: string): number | null {
  try {
    const n = Number(localStorage.getItem(PREFIXO + lista));
    return (TAMANHOS_PAGINA as readonly number[]).includes(n) ? n : null;
  } catch {
    return null;
  }
}

export function lembrarTamanho(lista: string, tamanho: number): void {
  try {
    localStorage.setItem(PREFIXO + lista, String(tamanho));
  } catch {
    // storage unavailable (private mode): the choice lasts for the visit
  }
}
