import type { KeyboardEvent } from 'react';

/**
 * What Enter walks through: typed fields only (buttons, like a field's clear or calendar, are skipped; so are
 * inputs of an area with an Enter of its own, `data-enter-proprio`: a name typed in place inside a form).
 */
const CAMPOS = [
  'input:not([type=hidden]):not([disabled]):not([readonly]):not([data-enter-proprio])',
  // a select that opens a list is read-only as text but still a field (unless the field itself is read-only)
  'input[readonly][aria-haspopup]:not([disabled]):not([data-somente-leitura])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
].join(', ');

export interface OpcoesEnter {
  /** Enter on the last field: the form saves (the register forms); without it Enter there keeps its usual meaning */
  aoUltimo?: () => void;
}

/** The fields of a form in the order Enter visits them. */
export function camposDe(raiz: ParentNode): HTMLElement[] {
  return [...raiz.querySelectorAll<HTMLElement>(CAMPOS)].filter((c) => c.tabIndex >= 0);
}

/**
 * Enter on an open list picks the option shown highlighted, never submits the form. Mantine's Select can lose its
 * highlighted index to a late timer (set on opening, it runs after the first option was highlighted while typing):
 * the option stays highlighted, the Select lets Enter through and the browser would submit a half-filled form.
 * With text typed and none highlighted (a server's answer arrived after the typing), the first option shown.
 * True when it picked one.
 */
export function enterEscolheOpcaoRealcada(e: KeyboardEvent<HTMLElement>): boolean {
  const alvo = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.defaultPrevented || alvo.getAttribute('aria-expanded') !== 'true') return false;
  const id = alvo.getAttribute('aria-controls');
  const lista = id ? document.getElementById(id) : null;
  // options that arrive from the server after the typing are not highlighted yet: Enter takes the first one shown
  const digitado = alvo instanceof HTMLInputElement && alvo.value.trim() !== '';
  const opcao =
    lista?.querySelector<HTMLElement>('[data-combobox-selected]') ??
    (digitado ? lista?.querySelector<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])') : null);
  if (!opcao) return false;
  e.preventDefault();
  opcao.click();
  return true;
}

/** Enter moves to the next field in a form (a textarea, an open list, a button or Ctrl+Enter keep their usual meaning). */
export function aoTeclarEnterAvanca(e: KeyboardEvent<HTMLFormElement>, opcoes: OpcoesEnter = {}): void {
  const alvo = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
  if (!(alvo instanceof HTMLInputElement || alvo instanceof HTMLSelectElement)) return;
  if (enterEscolheOpcaoRealcada(e) || e.defaultPrevented) return;
  // an open list with an option highlighted that the list did not take: Enter never submits the form
  if (alvo.getAttribute('aria-expanded') === 'true' && alvo.getAttribute('aria-activedescendant')) {
    e.preventDefault();
    return;
  }
  const campos = camposDe(e.currentTarget);
  const i = campos.indexOf(alvo);
  const proximo = i >= 0 ? campos[i + 1] : undefined;
  if (proximo) {
    e.preventDefault();
    proximo.focus();
    if (proximo instanceof HTMLInputElement && typeof proximo.select === 'function') proximo.select();
  } else if (opcoes.aoUltimo && i >= 0) {
    e.preventDefault();
    opcoes.aoUltimo();
  }
}

/** The first field of a form that takes typing, focused when the form opens. */
export function focarPrimeiroCampo(raiz: ParentNode | null): boolean {
  const primeiro = raiz ? camposDe(raiz)[0] : undefined;
  primeiro?.focus();
  return !!primeiro;
}
