export interface LojaUsuario {
  id: number;
  sigla?: string;
  fantasia?: string;
  /** the store's IANA zone: dates are proposed in it (lib/datas.ts) */
  zona?: string;
  ativo: boolean;
  principal: boolean;
}

/** GET /api/v1/eumesmo (spec §3 "Current user"). */
export interface Usuario {
  id: number;
  nome?: string;
  username?: string;
  administrador: boolean;
  tipoCliente: string;
  permissoes: string[];
  lojasUsuario: LojaUsuario[];
  forcePasswordReset?: boolean;
  /** the tenant's route flags (inventário habilitado…): the guards' `featureFlag` */
  flags?: Record<string, boolean>;
}

/** The answer of sign-in and refresh (domain contract `tokens`). */
export type { Tokens as RespostaAuth } from '@retaguarda/domain';
