import type { KeyboardEvent } from 'react';

const FOCAVEIS =
  'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** Enter moves to the next field in a form (a textarea, a button or Ctrl+Enter keep their usual meaning). */
export function aoTeclarEnterAvanca(e: KeyboardEvent<HTMLFormElement>): void {
  const alvo = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (!(alvo instanceof HTMLInputElement || alvo instanceof HTMLSelectElement)) return;
  if (alvo.getAttribute('aria-expanded') === 'true') return;
  const campos = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCAVEIS)];
  const proximo = campos[campos.indexOf(alvo) + 1];
  if (!proximo || proximo.tagName === 'BUTTON') return;
  e.preventDefault();
  proximo.focus();
}
