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
  setorId: number | null;
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

export type MotivoEncerramento =
  | 'LOGOUT'
  | 'INATIVIDADE'
  | 'EXPIRADA'
  | 'SENHA_ALTERADA'
  | 'USUARIO_INATIVADO'
  | 'ENCERRADA_POR_LOGIN'
  | 'ADMINISTRADOR'
  | 'SSO_REVOGADO';

export interface SessaoTable {
  assinanteId: number;
  id: string;
  usuarioId: number;
  tipo: 'SENHA' | 'LEGADO' | 'SSO';
  tokenHash: string;
  refreshHash: string;
  criadaEm: Timestamp;
  ultimaAtividade: Timestamp;
  expiraEm: Timestamp;
  ip: string | null;
  userAgent: string | null;
  encerradaEm: Timestamp | null;
  motivoEncerramento: MotivoEncerramento | null;
  ssoRefreshToken: string | null;
  ssoRenovadoEm: Timestamp | null;
}

export interface ChaveIntegracaoTable {
  assinanteId: number;
  id: Generated<number>;
  nome: string;
  prefixo: string;
  chaveHash: string;
  permissoes: string[];
  lojas: number[] | null;
  criadaEm: Timestamp;
  criadaPor: number | null;
  ultimoUso: Timestamp | null;
  revogadaEm: Timestamp | null;
  revogadaPor: number | null;
}

export interface UsuarioContatoTable {
  assinanteId: number;
  id: Generated<number>;
  usuarioId: number;
  tipo: 'TELEFONE' | 'CELULAR' | 'WHATSAPP' | 'EMAIL' | 'OUTRO';
  valor: string;
  descricao: string | null;
}

export interface AvatarTable {
  assinanteId: number;
  uuid: string;
  criadoPor: number | null;
  nomeArquivo: string | null;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  dados: Buffer;
  criadoEm: Timestamp;
  alteradoEm: Timestamp;
}

export interface ConfiguracaoSessaoTable {
  assinanteId: number;
  limiteSessoes: number | null;
  inatividadeMinutos: Generated<number>;
}

export interface LoginFalhaTable {
  chave: string;
  em: Timestamp;
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
  sessao: SessaoTable;
  chaveIntegracao: ChaveIntegracaoTable;
  usuarioContato: UsuarioContatoTable;
  avatar: AvatarTable;
  configuracaoSessao: ConfiguracaoSessaoTable;
  loginFalha: LoginFalhaTable;
}
