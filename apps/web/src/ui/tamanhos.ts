/** Input and icon sizes of spec §5, mapped onto the Mantine scale. */
export const TAMANHOS_INPUT = ['xg', 'lg', 'md', 'sm', 'xs'] as const;
export type TamanhoInput = (typeof TAMANHOS_INPUT)[number];
/** Select inputs accept only sm and md. */
export type TamanhoSelect = 'sm' | 'md';

export const MANTINE_DO_TAMANHO: Record<TamanhoInput, 'xl' | 'lg' | 'md' | 'sm' | 'xs'> = {
  xg: 'xl',
  lg: 'lg',
  md: 'md',
  sm: 'sm',
  xs: 'xs',
};

export const TAMANHOS_ICONE = { xxg: 48, xg: 40, lg: 32, md: 24, sm: 20, xs: 16, xxs: 12 } as const;
export type TamanhoIcone = keyof typeof TAMANHOS_ICONE;
