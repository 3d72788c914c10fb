/**
 * Device registration (domain §4, Cadastro de dispositivo): the QR token a store issues, the registration a
 * device posts with it (answered with its credential, shown once), the device list and its status changes.
 */
import { z } from 'zod';
import { instante } from '../contrato';

export const TIPOS_DISPOSITIVO = ['CELULAR', 'TABLET', 'COLETOR', 'POS_ANDROID'] as const;
export const STATUS_DISPOSITIVO = ['ATIVO', 'BLOQUEADO', 'REVOGADO'] as const;
export type TipoDispositivo = (typeof TIPOS_DISPOSITIVO)[number];
export type StatusDispositivo = (typeof STATUS_DISPOSITIVO)[number];

export const ROTULO_TIPO_DISPOSITIVO: Record<TipoDispositivo, string> = {
  CELULAR: 'Celular',
  TABLET: 'Tablet',
  COLETOR: 'Coletor',
  POS_ANDROID: 'PDV Android',
};
export const ROTULO_STATUS_DISPOSITIVO: Record<StatusDispositivo, string> = {
  ATIVO: 'Ativo',
  BLOQUEADO: 'Bloqueado',
  REVOGADO: 'Revogado',
};

export const MSG_DISPOSITIVO = {
  entidade: 'cadastro de dispositivo',
  tokenInvalido: 'Código de cadastro inválido, expirado ou já utilizado. Gere um novo QR na retaguarda.',
  limiteAtingido: (limite: number) =>
    `A loja atingiu o limite de ${limite} dispositivo(s) ativo(s) da licença. Revogue um dispositivo ou amplie a licença.`,
  caixaEmUso: (n: number) => `O caixa ${n} já está cadastrado em outro dispositivo ativo desta loja.`,
  identificadorEmUso: 'Este aparelho já está cadastrado nesta loja.',
  caixaObrigatorio: 'informe o número do caixa do PDV.',
  naoEncontrado: 'Dispositivo não encontrado.',
  foraDoEscopo: 'Você não tem acesso à loja deste dispositivo.',
  jaRevogado: 'O dispositivo está revogado: cadastre-o de novo com um novo QR.',
  transicao: (de: StatusDispositivo, para: StatusDispositivo) =>
    `Não é possível passar o dispositivo de ${ROTULO_STATUS_DISPOSITIVO[de].toLowerCase()} para ${ROTULO_STATUS_DISPOSITIVO[para].toLowerCase()}.`,
  credencialInvalida: 'Credencial de dispositivo inválida.',
  credencialRevogada: 'A credencial deste dispositivo foi revogada.',
  dispositivoBloqueado: 'Este dispositivo está bloqueado. Procure a gerência da loja.',
  somenteRetaguarda: 'Um dispositivo não acessa as telas da retaguarda.',
  outraLoja: 'Este dispositivo pertence a outra loja.',
} as const;

const lojaId = z.number().int().positive().max(2_147_483_647);
const texto = (max: number) => z.string().trim().min(1).max(max);
const opcional = (max: number) => z.string().trim().max(max).nullish();

/** POST /api/v1/dispositivos/tokens: a single-use QR token for one store. */
export const entradaTokenDispositivo = z.object({ lojaId });
export const tokenDispositivo = z.object({
  id: z.number(),
  lojaId: z.number(),
  token: z.string(),
  criadoEm: instante,
  expiraEm: instante,
});

/** What the QR carries: the tenant's address, the token and the store (the app posts the token back). */
export const conteudoDoQr = (url: string, token: string, lojaId: number): string =>
  JSON.stringify({ url, token, lojaId });
export type TokenDispositivo = z.input<typeof tokenDispositivo>;

/** POST /api/v1/dispositivos/registro: the app's data and the token it scanned (no other credential). */
export const entradaRegistroDispositivo = z
  .object({
    token: z.string().trim().min(10).max(200),
    identificador: texto(100),
    nome: texto(80),
    tipo: z.enum(TIPOS_DISPOSITIVO),
    fabricante: opcional(60),
    modelo: opcional(60),
    sistemaOperacional: opcional(60),
    versaoApp: opcional(30),
    numeroCaixa: z.number().int().min(1).max(999).nullish(),
  })
  .superRefine((e, ctx) => {
    if (e.tipo === 'POS_ANDROID' && e.numeroCaixa == null)
      ctx.addIssue({ code: 'custom', path: ['numeroCaixa'], message: MSG_DISPOSITIVO.caixaObrigatorio });
  });
export type EntradaRegistroDispositivo = z.input<typeof entradaRegistroDispositivo>;

export const registroDispositivo = z.object({
  dispositivoId: z.number(),
  lojaId: z.number(),
  /** the device's credential (`Authorization: <credencial>`): shown this once, only its hash is kept */
  credencial: z.string(),
});

export const dispositivo = z.object({
  id: z.number(),
  lojaId: z.number(),
  identificador: z.string(),
  nome: z.string(),
  tipo: z.enum(TIPOS_DISPOSITIVO),
  fabricante: z.string().nullable(),
  modelo: z.string().nullable(),
  sistemaOperacional: z.string().nullable(),
  versaoApp: z.string().nullable(),
  numeroCaixa: z.number().nullable(),
  prefixo: z.string(),
  status: z.enum(STATUS_DISPOSITIVO),
  usuarioCadastroId: z.number().nullable(),
  cadastradoEm: instante,
  ultimoAcessoEm: instante.nullable(),
  statusEm: instante.nullable(),
  versao: z.number(),
});
export type Dispositivo = z.input<typeof dispositivo>;

/** GET /api/v1/dispositivos?lojaId=: the store's devices and its licence use. */
export const consultaDispositivos = z.object({ lojaId: z.coerce.number().int().positive().max(2_147_483_647) });
export const listaDispositivos = z.object({
  lojaId: z.number(),
  /** 0: no limit */
  limite: z.number(),
  ativos: z.number(),
  items: z.array(dispositivo),
});
export type ListaDispositivos = z.input<typeof listaDispositivos>;

/** POST /api/v1/dispositivos/{id}/bloquear | desbloquear | revogar. */
export const entradaStatusDispositivo = z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Where a status change may go (revoked is final: the device registers again with a new QR). */
export const TRANSICOES_DISPOSITIVO: Record<StatusDispositivo, readonly StatusDispositivo[]> = {
  ATIVO: ['BLOQUEADO', 'REVOGADO'],
  BLOQUEADO: ['ATIVO', 'REVOGADO'],
  REVOGADO: [],
};

export const podeTransitar = (de: StatusDispositivo, para: StatusDispositivo): boolean =>
  TRANSICOES_DISPOSITIVO[de].includes(para);

/** Whether one more active device fits the store's licence (0 = no limit). */
export const cabeNaLicenca = (ativos: number, limite: number): boolean => limite <= 0 || ativos < limite;
