/** Recently opened screens for the Painel (per tab session: only caches belong in localStorage). */
export interface Recente {
  caminho: string;
  titulo: string;
  trilha: string[];
  em: number;
}

const CHAVE = 'rtg.recentes';
const MAX = 8;

export function lerRecentes(): Recente[] {
  try {
    return JSON.parse(sessionStorage.getItem(CHAVE) ?? '[]') as Recente[];
  } catch {
    return [];
  }
}

export function lembrarRecente(caminho: string, titulo: string, trilha: string[]): void {
  if (caminho.includes(':')) return;
  const lista = [{ caminho, titulo, trilha, em: Date.now() }, ...lerRecentes().filter((r) => r.caminho !== caminho)];
  sessionStorage.setItem(CHAVE, JSON.stringify(lista.slice(0, MAX)));
}
