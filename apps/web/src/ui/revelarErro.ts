/**
 * After a failed save (Ctrl+S far down a long form), what went wrong is put before the user's eyes
 * (issue #27.12): the first invalid field, in the form's order, is scrolled to the middle and takes the
 * focus; without one (a conflict, a reason of no field), the first alert of the form is scrolled to.
 * Runs once the errors are rendered (aria-invalid comes with the next render).
 */
export function revelarPrimeiroErro(raiz: HTMLElement | null): void {
  setTimeout(() => {
    if (!raiz?.isConnected) return;
    const campo = raiz.querySelector<HTMLElement>('[aria-invalid="true"]');
    const alvo = campo ?? raiz.querySelector<HTMLElement>('[role="alert"], [data-erro-formulario]');
    if (!alvo) return;
    alvo.scrollIntoView?.({ block: 'center' });
    campo?.focus({ preventScroll: true });
  }, 0);
}
