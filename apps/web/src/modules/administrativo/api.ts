/** Calls of the identity screens (spec §7 "Users, groups, sectors, avatar", integration keys), typed by their contracts. */
import {
  comandoAlterarGrupo,
  comandoAlterarUsuario,
  comandoCriarChave,
  comandoExcluirGrupo,
  comandoGruposDoUsuario,
  comandoIncluirGrupo,
  comandoMembrosDoGrupo,
  comandoNovaSenha,
  comandoRevogarChave,
} from '@retaguarda/domain';
import type {
  AvatarEnviado,
  Chave,
  ChaveCriada,
  ChaveEntrada,
  Grupo,
  GrupoEntrada,
  GrupoLinha,
  GruposDoUsuario,
  ListaPaginada,
  MembrosDoGrupo,
  Usuario,
  UsuarioEntrada,
  UsuarioResumo,
  ValoresUsuario,
} from '@retaguarda/domain';
import { comCarregamento } from '../../servicos/estado-ui';
import { api } from '../../lib/api';
import { chamarComando } from '../../lib/comando/chamar';
import { HttpError } from '../../lib/erros';
import { lerTokens } from '../../lib/tokens';

export type { Chave, Grupo, GrupoEntrada, Membro, Usuario, UsuarioEntrada, UsuarioResumo } from '@retaguarda/domain';
/** A contact as the user form edits it. */
export type Contato = ValoresUsuario['contatos'][number];
export type GrupoResumo = GrupoLinha;
export type { StatusDeAtivacao as Status } from '@retaguarda/domain';

/** A store and a sector as these screens read them from their registers' lists (register records have no domain type). */
export interface Loja {
  id: number;
  sigla: string;
  fantasia: string;
  ativo?: boolean;
}
export interface Setor {
  id: number;
  descricao: string;
}

const id = (v: number | string) => encodeURIComponent(String(v));

export const listarUsuarios = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<UsuarioResumo>>(`/api/v1/pessoa/usuarios?${p}`, { signal });
export const obterUsuario = (u: number | string) => api<Usuario>(`/api/v1/pessoa/usuarios/${id(u)}`);
// saves run under the global loading curtain (spec §2.3); the user form saves through useComando (one key per submission)
export const alterarUsuario = (u: number | string, corpo: UsuarioEntrada) =>
  comCarregamento(() => chamarComando(comandoAlterarUsuario, { ...corpo, id: Number(u) })) as Promise<Usuario>;
export const trocarSenha = (u: number, senha: string) =>
  chamarComando(comandoNovaSenha, { usuarioId: u, id: u, senha });
export const gruposDoUsuario = (u: number | string) => api<GruposDoUsuario>(`/api/v1/usuarios/${id(u)}/grupos`);
/** Replaces the user's whole group set in one transaction (spec §7 POST /api/v1/usuarios/{id}/grupos). */
export const definirGruposDoUsuario = (u: number | string, grupos: number[]) =>
  comCarregamento(() => chamarComando(comandoGruposDoUsuario, { usuarioId: Number(u), grupos }));

export const listarGrupos = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<GrupoResumo>>(`/api/v1/grupo-usuario?${p}`, { signal });
export const obterGrupo = (g: number | string) => api<Grupo>(`/api/v1/grupo-usuario/${id(g)}`);
/** The new group's id is read from the answer's `Location` header (spec §7): its last segment. */
export async function incluirGrupo(corpo: GrupoEntrada): Promise<{ id: number; grupo: Grupo }> {
  let local: string | null = null;
  const grupo = await comCarregamento(() =>
    chamarComando(comandoIncluirGrupo, corpo, {
      aoResponder: (h) => {
        local = h.get('location');
      },
    }),
  );
  return { id: idDoLocation(local), grupo: grupo as Grupo };
}
export const alterarGrupo = (g: number | string, corpo: GrupoEntrada) =>
  comCarregamento(() => chamarComando(comandoAlterarGrupo, { ...corpo, id: Number(g) })) as Promise<Grupo>;

/** The id a create's `Location` names (`/api/v1/grupo-usuario/42` → 42). */
export function idDoLocation(location: string | null): number {
  const ultimo = Number(location?.split('?')[0]?.replace(/\/+$/, '').split('/').pop());
  if (!Number.isInteger(ultimo) || ultimo <= 0)
    throw new Error('A resposta da inclusão não informou o registro criado.');
  return ultimo;
}
export const excluirGrupo = (g: number | string) => chamarComando(comandoExcluirGrupo, { id: Number(g) });
export const membrosDoGrupo = (g: number | string) => api<MembrosDoGrupo>(`/api/v1/grupo-usuario/${id(g)}/membros`);
/** Replaces the group's whole member set in one transaction (spec §7 POST …/membros, body (id, membros)). */
export const definirMembros = (g: number | string, membros: number[]) =>
  comCarregamento(() => chamarComando(comandoMembrosDoGrupo, { grupoId: Number(g), id: Number(g), membros }));

export const listarLojas = () => api<ListaPaginada<Loja>>('/api/v1/pessoa/lojas?count=1000&sort=id');
export const listarSetores = () => api<{ items: Setor[] }>('/api/v1/setor');

/** Every key in one page (the list's default count), active first. */
export const listarChaves = () =>
  api<ListaPaginada<Chave>>(`/api/v1/administracao/chaves-integracao?sort=-revogadaEm,nome`);
export const criarChave = (corpo: ChaveEntrada) => chamarComando(comandoCriarChave, corpo) as Promise<ChaveCriada>;
export const revogarChave = (c: number) => chamarComando(comandoRevogarChave, { id: c });

function autorizacao(): Record<string, string> {
  const token = lerTokens()?.accessToken;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function erroDe(res: Response, url: string): Promise<HttpError> {
  const data = await res.json().catch(() => null);
  return new HttpError(res.status, url, data);
}

/** The avatar is a binary body (lib/api sends JSON): POST creates, PUT ?uuid= replaces. */
export async function enviarAvatar(arquivo: File, uuid?: string | null): Promise<string> {
  const url = uuid ? `/api/v1/avatar?uuid=${encodeURIComponent(uuid)}` : '/api/v1/avatar';
  const res = await fetch(url, {
    method: uuid ? 'PUT' : 'POST',
    headers: { ...autorizacao(), 'content-type': arquivo.type, 'x-file-name': encodeURIComponent(arquivo.name) },
    body: arquivo,
  });
  if (!res.ok) throw await erroDe(res, url);
  return ((await res.json()) as AvatarEnviado).uuid;
}

/** The image needs the token, so it is read as a Blob and shown through an object URL. */
export async function baixarAvatar(uuid: string, signal?: AbortSignal): Promise<Blob> {
  const url = `/api/v1/avatar/${encodeURIComponent(uuid)}`;
  const res = await fetch(url, { headers: autorizacao(), signal });
  if (!res.ok) throw await erroDe(res, url);
  return res.blob();
}
