/**
 * Mantine's controlled Select keeps the typed search when the option already chosen is picked again
 * ("lond" + Enter on Londrina left "lond" in the field until it lost the focus): its search follows the
 * value only when the value changes, and a blur is what puts the chosen option's label back. So after a
 * pick whose label the field does not show, the field loses and takes back the focus (issue #27.3).
 * Set as the theme's default onOptionSubmit of every Select.
 */
export function reporRotuloDaEscolha(): void {
  const campo = document.activeElement;
  if (!(campo instanceof HTMLInputElement)) return;
  // the highlighted option (Enter) or the one under the pointer (a click): its text is the label
  const opcao =
    document.querySelector('[data-combobox-option][data-combobox-selected]') ??
    document.querySelector('[data-combobox-option]:hover');
  const rotulo = opcao?.textContent?.trim();
  setTimeout(() => {
    if (document.activeElement !== campo || (rotulo !== undefined && campo.value === rotulo)) return;
    campo.blur();
    campo.focus({ preventScroll: true });
  }, 0);
}
