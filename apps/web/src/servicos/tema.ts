/** The subscriber (GET /api/v1/assinante, cached 24 h) and its colour theme (spec §3, §9). */
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { type AssinantePublico, SUBSCRIBER_CACHE_MS, TEMA_PADRAO, TEMAS, type Tema } from '@retaguarda/domain';
import { create } from 'zustand';
import { api } from '../lib/api';
import { reporRotuloDaEscolha } from '../ui/rotuloDaEscolha';
import { CHAVES, gravarCache, lerCache } from '../lib/storage';

/** GET /api/v1/assinante (domain contract `assinantePublico`). */
export type Assinante = AssinantePublico;

const PALETAS: Record<Tema, MantineColorsTuple> = {
  blue: ['#e7f1fb', '#cfe0f3', '#9ebfe6', '#6a9dd9', '#4080ce', '#256ec8', '#1565c0', '#0a54a8', '#004a97', '#003f85'],
  green_two: [
    '#e3faf5',
    '#cff0e8',
    '#a3dfd0',
    '#73ceb7',
    '#4cbfa2',
    '#33b695',
    '#22b18e',
    '#0f9b7a',
    '#008a6c',
    '#00775c',
  ],
  red: ['#ffe9ea', '#fed2d3', '#f5a3a5', '#ee7274', '#e8494b', '#e52f31', '#d32325', '#c9161a', '#b40c15', '#9e0010'],
  orange: [
    '#fff2e2',
    '#ffe3cc',
    '#ffc69a',
    '#ffa663',
    '#fe8b36',
    '#fe7a18',
    '#e96b0a',
    '#e36100',
    '#ca5500',
    '#b04700',
  ],
  black: ['#f3f4f6', '#e4e6ea', '#c6cad2', '#a5abb8', '#8991a2', '#777f94', '#4a5163', '#39404f', '#2c323e', '#1d2129'],
  green: ['#e8f9ea', '#d6efd8', '#addeb1', '#82cd88', '#5ebe66', '#47b550', '#2e8f36', '#2a9533', '#20842a', '#10721f'],
  institucional: [
    '#eeeefb',
    '#dadaf0',
    '#b1b1e2',
    '#8787d4',
    '#6363c8',
    '#4c4cc1',
    '#3a3a9e',
    '#33339f',
    '#2c2c8f',
    '#212180',
  ],
};

export function temaValido(t: string | undefined): Tema {
  return (TEMAS as readonly string[]).includes(t ?? '') ? (t as Tema) : TEMA_PADRAO;
}

export function temaMantine(tema: Tema): MantineThemeOverride {
  return createTheme({
    primaryColor: 'marca',
    primaryShade: 6,
    colors: { marca: PALETAS[tema] },
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'sm',
    cursorType: 'pointer',
    // overlays' close buttons are icons: every one gets a pt-BR name (axe 'button-name'); plain
    // objects, so the theme does not pull the Modal/Drawer code into the login bundle
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
      // the × of a clearable field is an icon-only button: it needs a name (axe button-name).
      // Lists open on typing, ArrowDown or a click, never on focus alone: a form that focuses its first
      // field must not start with a list open (Esc would close the list instead of leaving the form).
      // Typing highlights the first option shown, so type-then-Enter picks it (as ArrowDown + Enter does); picking
      // the option already chosen keeps it (Mantine's allowDeselect cleared it: "lond" + Enter on Londrina emptied
      // the field) — the clear button and erasing the text clear a field.
      Select: {
        defaultProps: {
          clearButtonProps: { 'aria-label': 'Limpar' },
          openOnFocus: false,
          selectFirstOptionOnChange: true,
          allowDeselect: false,
          // picking the chosen option again shows its label, not what was typed (#27.3)
          onOptionSubmit: reporRotuloDaEscolha,
        },
      },
      MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': 'Limpar' }, openOnFocus: false } },
      TagsInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Limpar' }, openOnFocus: false } },
      Autocomplete: { defaultProps: { openOnFocus: false } },
      DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Limpar data' } } },
      DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Limpar data' } } },
    },
  });
}

export function corDoTema(tema: Tema): string {
  return PALETAS[tema][6];
}

function trocarFavicons(tema: Tema): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-favicon]')) {
    link.href = `${import.meta.env.BASE_URL}favicons/${tema}-${link.dataset.favicon}.png`;
  }
}

interface TemaState {
  assinante: Assinante | null;
  tema: Tema;
  definir: (a: Assinante) => void;
}

const emCache = lerCache<Assinante>(CHAVES.assinante, SUBSCRIBER_CACHE_MS);

export const useAssinante = create<TemaState>((set) => ({
  assinante: emCache,
  tema: temaValido(emCache?.tema),
  definir: (a) => {
    const tema = temaValido(a.tema);
    gravarCache(CHAVES.assinante, a);
    trocarFavicons(tema);
    set({ assinante: a, tema });
  },
}));

if (emCache) trocarFavicons(temaValido(emCache.tema));

/** Always asks the server (the login page needs to know the host still has a subscription). */
export async function buscarAssinante(): Promise<Assinante> {
  const a = await api<Assinante>('/api/v1/assinante', { token: null });
  useAssinante.getState().definir(a);
  return a;
}
