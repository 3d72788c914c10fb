/** Subscriber (tenant) vocabulary, spec §3 and §9. */
export const TIPOS_CLIENTE = ['BOTICARIO', 'TODOS'] as const;
export type TipoCliente = (typeof TIPOS_CLIENTE)[number];

/** What a TODOS tenant is told by a franchise-only screen, register or command (the API's 403). */
export const MSG_TIPO_CLIENTE = {
  somenteFranquia: (entidade?: string) =>
    `${entidade ? `${entidade.charAt(0).toUpperCase()}${entidade.slice(1)} está disponível` : 'Disponível'} somente para clientes do tipo franquia (BOTICARIO).`,
} as const;

/** Six named themes plus the institutional one (spec §3, §9); default blue. */
export const TEMAS = ['blue', 'green_two', 'red', 'orange', 'black', 'green', 'institucional'] as const;
export type Tema = (typeof TEMAS)[number];
export const TEMA_PADRAO: Tema = 'blue';

export const UFS = [
  'RO',
  'AC',
  'AM',
  'RR',
  'PA',
  'AP',
  'TO',
  'MA',
  'PI',
  'CE',
  'RN',
  'PB',
  'PE',
  'AL',
  'SE',
  'BA',
  'MG',
  'ES',
  'RJ',
  'SP',
  'PR',
  'SC',
  'RS',
  'MS',
  'MT',
  'GO',
  'DF',
] as const;
export type Uf = (typeof UFS)[number];
