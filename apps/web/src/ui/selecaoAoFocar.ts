import { useLayoutEffect, useRef } from 'react';

/**
 * Selects a field's text when it is focused, so typing replaces it — in the same task as the focus: the select
 * happens at once and again right after the render that shows the text to edit (a layout effect, before the
 * browser handles the next key). A timer (`setTimeout(select)`) ran after a fast typist's first key and
 * selected it, so the second key replaced it: "12" became "2".
 */
export function useSelecaoAoFocar(): (campo: HTMLInputElement) => void {
  const alvo = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    const campo = alvo.current;
    if (!campo) return;
    alvo.current = null;
    if (document.activeElement === campo) campo.select();
  });
  return (campo) => {
    alvo.current = campo;
    campo.select();
  };
}
