/**
 * A barcode scanner is a keyboard that types a code fast and presses Enter. Wherever the focus is in the
 * grid (the code field, a quantity just focused), a burst of at least `MIN` letters or digits, each within
 * `INTERVALO` ms of the last, ending with Enter, is a read: the field gets back what it held before the
 * burst and `aoLer` gets the code. Slower typing is typing (Enter then does what the field does).
 */
import { type KeyboardEvent, useRef } from 'react';

const INTERVALO = 50;
const MIN = 8;

interface Rajada {
  texto: string;
  ultimo: number;
  alvo: HTMLInputElement | null;
  antes: string;
}

export function useLeitorDeCodigos(
  aoLer: (codigo: string, alvo: HTMLInputElement | null, antes: string) => void,
  /** fields whose own Enter already reads a code (the grid's code field) */
  ignorar: (alvo: HTMLInputElement | null) => boolean = () => false,
) {
  const r = useRef<Rajada>({ texto: '', ultimo: 0, alvo: null, antes: '' });
  return (e: KeyboardEvent) => {
    const agora = e.timeStamp || performance.now();
    const alvo = e.target instanceof HTMLInputElement ? e.target : null;
    if (ignorar(alvo)) return;
    const s = r.current;
    const rapido = agora - s.ultimo <= INTERVALO && s.alvo === alvo;
    if (e.key === 'Enter') {
      const leitura = rapido && s.texto.length >= MIN ? s.texto : null;
      r.current = { texto: '', ultimo: 0, alvo: null, antes: '' };
      if (leitura) {
        e.preventDefault();
        e.stopPropagation();
        aoLer(leitura, s.alvo, s.antes);
      }
      return;
    }
    if (e.key.length !== 1 || !/[0-9A-Za-z]/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) {
      r.current = { texto: '', ultimo: 0, alvo: null, antes: '' };
      return;
    }
    r.current = rapido
      ? { ...s, texto: s.texto + e.key, ultimo: agora }
      : { texto: e.key, ultimo: agora, alvo, antes: alvo?.value ?? '' };
  };
}
