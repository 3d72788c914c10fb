/** Calls of the identity screens (spec §7 "Users, groups, sectors, avatar", integration keys). */
import { api } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import { lerTokens } from '../../lib/tokens';

export interface Pagina<T> {
  total: number;
  items: T[];
}

export type Status = 'ATIVO' | 'INATIVO';

export interface GrupoResumo {
  id: number;
  nome: string;
  statusDeAtivacao: Status;
}
export interface Membro {
  id: number;
  nome: string;
  username: string;
  ativo: boolean;
}
export interface Grupo extends GrupoResumo {
  permissoes: string[];
  membros: Membro[];
  versao?: number;
}

export interface Contato {
  tipo: 'TELEFONE' | 'CELULAR' | 'WHATSAPP' | 'EMAIL' | 'OUTRO';
  valor: string;
  descricao?: string | null;
}
export interface LojaDoUsuario {
  lojaId: number;
  principal: boolean;
}
export interface UsuarioResumo {
  id: number;
  nome: string;
  username: string;
  email: string | null;
  ativo: boolean;
  administrador: boolean;
  ultimoAcesso: string | null;
}
export interface Usuario extends UsuarioResumo {
  setorId: number | null;
  avatarUuid: string | null;
  tipoCliente?: string;
  contatos: Contato[];
  lojasUsuario: (LojaDoUsuario & { sigla?: string; fantasia?: string })[];
  grupos: GrupoResumo[];
  versao?: number;
}
export interface UsuarioEntrada {
  nome: string;
  username: string;
  email: string | null;
  senha?: string;
  ativo: boolean;
  administrador: boolean;
  setorId: number | null;
  avatarUuid: string | null;
  contatos: Contato[];
  lojasUsuario: LojaDoUsuario[];
  grupos?: number[];
  versao?: number;
}

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

export interface Chave {
  id: number;
  nome: string;
  prefixo: string;
  permissoes: string[];
  lojas: number[] | null;
  criadaEm: string;
  ultimoUso: string | null;
  revogadaEm: string | null;
  ativa: boolean;
}

const id = (v: number | string) => encodeURIComponent(String(v));

export const listarUsuarios = (p: URLSearchParams, signal?: AbortSignal) =>
  api<Pagina<UsuarioResumo>>(`/api/v1/pessoa/usuarios?${p}`, { signal });
export const obterUsuario = (u: number | string) => api<Usuario>(`/api/v1/pessoa/usuarios/${id(u)}`);
export const incluirUsuario = (corpo: UsuarioEntrada) =>
  api<Usuario>('/api/v1/usuarios', { method: 'POST', body: corpo });
export const alterarUsuario = (u: number | string, corpo: UsuarioEntrada) =>
  api<Usuario>(`/api/v1/usuarios/${id(u)}`, { method: 'PUT', body: corpo });
export const trocarSenha = (u: number, senha: string) =>
  api(`/api/v1/usuarios/${id(u)}/nova-senha`, { method: 'PUT', body: { id: u, senha } });
export const gruposDoUsuario = (u: number | string) =>
  api<{ id: number; grupos: GrupoResumo[] }>(`/api/v1/usuarios/${id(u)}/grupos`);
export const definirGruposDoUsuario = (u: number | string, grupos: number[]) =>
  api(`/api/v1/usuarios/${id(u)}/grupos`, { method: 'POST', body: grupos });

export const listarGrupos = (p: URLSearchParams, signal?: AbortSignal) =>
  api<Pagina<GrupoResumo>>(`/api/v1/grupo-usuario?${p}`, { signal });
export const obterGrupo = (g: number | string) => api<Grupo>(`/api/v1/grupo-usuario/${id(g)}`);
export interface GrupoEntrada {
  nome: string;
  statusDeAtivacao: Status;
  permissoes?: string[];
  membros?: number[];
  versao?: number;
}
export const incluirGrupo = (corpo: GrupoEntrada) =>
  api<Grupo>('/api/v1/grupo-usuario', { method: 'POST', body: corpo });
export const alterarGrupo = (g: number | string, corpo: GrupoEntrada) =>
  api<Grupo>(`/api/v1/grupo-usuario/${id(g)}`, { method: 'PUT', body: corpo });
export const excluirGrupo = (g: number | string) => api(`/api/v1/grupo-usuario/${id(g)}`, { method: 'DELETE' });
export const definirMembros = (g: number | string, membros: number[]) =>
  api<{ id: number; membros: Membro[] }>(`/api/v1/grupo-usuario/${id(g)}/membros`, {
    method: 'POST',
    body: { id: Number(g), membros },
  });

export const listarLojas = () => api<Pagina<Loja>>('/api/v1/pessoa/lojas?count=1000&sort=id');
export const listarSetores = () => api<{ items: Setor[] }>('/api/v1/setor');

export const listarChaves = () => api<Pagina<Chave>>('/api/v1/administracao/chaves-integracao');
export const criarChave = (corpo: { nome: string; permissoes: string[]; lojas: number[] | null }) =>
  api<Chave & { chave: string }>('/api/v1/administracao/chaves-integracao', { method: 'POST', body: corpo });
export const revogarChave = (c: number) =>
  api(`/api/v1/administracao/chaves-integracao/${id(c)}`, { method: 'DELETE' });

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
  return ((await res.json()) as { uuid: string }).uuid;
}

/** The image needs the token, so it is read as a Blob and shown through an object URL. */
export async function baixarAvatar(uuid: string, signal?: AbortSignal): Promise<Blob> {
  const url = `/api/v1/avatar/${encodeURIComponent(uuid)}`;
  const res = await fetch(url, { headers: autorizacao(), signal });
  if (!res.ok) throw await erroDe(res, url);
  return res.blob();
}
