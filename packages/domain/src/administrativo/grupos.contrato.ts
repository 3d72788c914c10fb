/** User groups API (spec §7 "Users, groups, sectors, avatar"): the write bodies and the answers. */
import { z } from 'zod';
import { instante } from '../contrato';
import { ALL_PERMISSION_CODES } from '../permissions';
import { refPorId } from './usuarios.contrato';

export const STATUS_DE_ATIVACAO = ['ATIVO', 'INATIVO'] as const;
export type StatusDeAtivacao = (typeof STATUS_DE_ATIVACAO)[number];

const permissoesEntrada = z
  .array(z.string().refine((c) => ALL_PERMISSION_CODES.has(c), { message: 'permissão desconhecida.' }))
  .max(2000);

/** POST /api/v1/grupo-usuario and PUT /api/v1/grupo-usuario/{id}. */
export const grupoEntrada = z.object({
  nome: z.string().trim().min(1).max(100),
  statusDeAtivacao: z.enum(STATUS_DE_ATIVACAO).default('ATIVO'),
  permissoes: permissoesEntrada.optional(),
  membros: z.array(refPorId).max(5000).optional(),
  versao: z.number().int().optional(),
});
export type GrupoEntrada = z.input<typeof grupoEntrada>;

/** POST /api/v1/grupo-usuario/{id}/membros: the ids, bare or as `{id, membros}`. */
export const membrosEntrada = z.union([
  z.array(refPorId).max(5000),
  z
    .object({ id: z.coerce.number().int().optional(), membros: z.array(refPorId).max(5000) })
    .transform((o) => o.membros),
]);

/** A row of GET /api/v1/grupo-usuario. */
export const grupoLinha = z.object({
  id: z.number(),
  nome: z.string(),
  statusDeAtivacao: z.string(),
  criadoEm: instante,
  alteradoEm: instante,
  versao: z.number(),
});
export type GrupoLinha = z.input<typeof grupoLinha>;

export const membro = z.object({ id: z.number(), nome: z.string(), username: z.string(), ativo: z.boolean() });
export type Membro = z.input<typeof membro>;

/** GET /api/v1/grupo-usuario/{id}, and the answer of a create or update. */
export const grupo = grupoLinha.extend({ permissoes: z.array(z.string()), membros: z.array(membro) });
export type Grupo = z.input<typeof grupo>;

/** GET /api/v1/grupo-usuario/{id}/membros and the answer of its POST. */
export const membrosDoGrupo = z.object({ id: z.number(), membros: z.array(membro) });
export type MembrosDoGrupo = z.input<typeof membrosDoGrupo>;

/** The answer of DELETE /api/v1/grupo-usuario/{id}. */
export const grupoExcluido = z.object({ id: z.number(), message: z.string() });
