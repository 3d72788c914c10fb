/**
 * Toasts (spec §3, §4, §9): two variants with their own duplicate rules and timeouts,
 * at most 5 kept (the oldest leaves), top-right.
 */
import { TOAST_MAX, TOAST_TIMEOUT_LONG_MS, TOAST_TIMEOUT_SHORT_MS } from '@retaguarda/domain';
import { create } from 'zustand';

export type ToastTipo = 'success' | 'error' | 'warning' | 'info';
/** 'card' compares type, body, reasons, title and icon; 'mensagem' type, message, icon and reasons. */
export type ToastVariante = 'card' | 'mensagem';

export interface ToastLink {
  name: string;
  label: string;
}

export interface ToastInput {
  type: ToastTipo;
  variante?: ToastVariante;
  title?: string;
  message?: string;
  bodyText?: string;
  reasons?: string[];
  icon?: string;
  iconName?: string;
  cardType?: string;
  footerLink?: ToastLink;
  sideLink?: ToastLink;
  error?: unknown;
  timeout?: number;
}

export interface Toast extends ToastInput {
  id: number;
  variante: ToastVariante;
  timeout: number;
}

export const TIMEOUT_POR_VARIANTE: Record<ToastVariante, number> = {
  card: TOAST_TIMEOUT_LONG_MS,
  mensagem: TOAST_TIMEOUT_SHORT_MS,
};

const mesmasRazoes = (a?: string[], b?: string[]) => (a ?? []).join('\n') === (b ?? []).join('\n');

export function duplicado(a: ToastInput, b: ToastInput): boolean {
  const va = a.variante ?? 'mensagem';
  if (va !== (b.variante ?? 'mensagem') || a.type !== b.type || a.icon !== b.icon) return false;
  if (!mesmasRazoes(a.reasons, b.reasons)) return false;
  return va === 'card' ? a.bodyText === b.bodyText && a.title === b.title : a.message === b.message;
}

interface ToastState {
  toasts: Toast[];
  mostrar: (t: ToastInput) => number | null;
  fechar: (id: number) => void;
  limpar: () => void;
}

let proximoId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  mostrar: (input) => {
    if (get().toasts.some((t) => duplicado(t, input))) return null;
    const variante = input.variante ?? 'mensagem';
    const toast: Toast = {
      ...input,
      variante,
      timeout: input.timeout ?? TIMEOUT_POR_VARIANTE[variante],
      id: proximoId++,
    };
    let lista = get().toasts;
    while (lista.length >= TOAST_MAX) {
      const [velho, ...resto] = lista;
      if (velho) clearTimeout(timers.get(velho.id));
      lista = resto;
    }
    set({ toasts: [...lista, toast] });
    if (toast.timeout > 0)
      timers.set(
        toast.id,
        setTimeout(() => get().fechar(toast.id), toast.timeout),
      );
    return toast.id;
  },
  fechar: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  limpar: () => {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    set({ toasts: [] });
  },
}));

export const toast = (t: ToastInput) => useToasts.getState().mostrar(t);
