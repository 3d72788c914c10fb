/** Kysely table types (camelCase; CamelCasePlugin maps to the snake_case columns). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AssinanteTable {
  id: Generated<number>;
  nome: string;
  tipoCliente: string;
  tema: string;
  hosts: string[];
  criadoEm: Timestamp;
}

export interface LojaTable {
  assinanteId: number;
  id: Generated<number>;
  ativo: Generated<boolean>;
  sigla: string;
  numeroDoDocumento: string;
  fantasia: string;
  nome: string;
  uf: string;
  inscricaoEstadual: string | null;
  inscricaoMunicipal: string | null;
  cnaePrincipal: string | null;
  crt: number;
  regimeApuracao: string;
  tipo: string;
  codigoIbge: string | null;
  municipio: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  bairro: string | null;
  criadoEm: Timestamp;
  alteradoEm: Timestamp;
  versao: Generated<number>;
}

export interface UsuarioTable {
  assinanteId: number;
  id: Generated<number>;
  nome: string;
  username: string;
  email: string | null;
  cpf: string | null;
  senhaHash: string;
  ativo: Generated<boolean>;
  administrador: Generated<boolean>;
  tipoCliente: string;
  forcePasswordReset: Generated<boolean>;
  ultimoAcesso: Timestamp | null;
  avatarUuid: string | null;
  criadoEm: Timestamp;
  alteradoEm: Timestamp;
  versao: Generated<number>;
}

export interface UsuarioLojaTable {
  assinanteId: number;
  usuarioId: number;
  lojaId: number;
  principal: boolean;
}

export interface GrupoTable {
  assinanteId: number;
  id: Generated<number>;
  nome: string;
  statusDeAtivacao: Generated<string>;
  criadoEm: Timestamp;
  alteradoEm: Timestamp;
  versao: Generated<number>;
}

export interface GrupoMembroTable {
  assinanteId: number;
  grupoId: number;
  usuarioId: number;
}

export interface PermissaoTable {
  codigo: string;
  descricao: string;
}

export interface GrupoPermissaoTable {
  assinanteId: number;
  grupoId: number;
  permissao: string;
}

export interface AuditoriaTable {
  assinanteId: number;
  id: Generated<string>;
  em: Timestamp;
  usuarioId: number | null;
  lojaId: number | null;
  entidade: string;
  entidadeId: string | null;
  operacao: 'INCLUSAO' | 'ALTERACAO' | 'EXCLUSAO' | 'ACESSO' | 'OUTRO';
  antes: unknown;
  depois: unknown;
  requestId: string | null;
}

export interface DB {
  assinante: AssinanteTable;
  loja: LojaTable;
  usuario: UsuarioTable;
  usuarioLoja: UsuarioLojaTable;
  grupo: GrupoTable;
  grupoMembro: GrupoMembroTable;
  permissao: PermissaoTable;
  grupoPermissao: GrupoPermissaoTable;
  auditoria: AuditoriaTable;
}
