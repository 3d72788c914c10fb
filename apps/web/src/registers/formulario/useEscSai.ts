import { useEffect, useRef } from 'react';

/** A dialog, popover or open list on screen (Mantine keeps some mounted with display: none). */
function algoAberto(alvo: HTMLElement | null): boolean {
  if (alvo?.closest?.('[aria-expanded="true"], [role="dialog"], [role="listbox"]')) return true;
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"], .mantine-Popover-dropdown')].some(
    (el) => el.style.display !== 'none',
  );
}

/**
 * Esc leaves the form. Not while something on top of it takes the key first: an open list of a
 * select, a date picker, a modal or the palette — there Esc closes that one thing. What is open is
 * read when the key goes down (capture), before those close themselves and the page re-renders.
 * Leaving goes through the unsaved-changes guard of the form.
 */
export function useEscSai(sair: () => void) {
  const atual = useRef(sair);
  atual.current = sair;
  useEffect(() => {
    let fechouOutraCoisa = false;
    const antes = (e: KeyboardEvent) => {
      if (e.key === 'Escape') fechouOutraCoisa = algoAberto(e.target as HTMLElement | null);
    };
    const tecla = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || fechouOutraCoisa || e.ctrlKey || e.altKey || e.metaKey) return;
      if (e.defaultPrevented || algoAberto(e.target as HTMLElement | null)) return;
      atual.current();
    };
    window.addEventListener('keydown', antes, true);
    window.addEventListener('keydown', tecla);
    return () => {
      window.removeEventListener('keydown', antes, true);
      window.removeEventListener('keydown', tecla);
    };
  }, []);
}
