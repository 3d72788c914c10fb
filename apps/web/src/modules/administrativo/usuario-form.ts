/**
 * The user form's values (domain `usuarioFormulario`, checked by zodResolver) and the body of
 * POST/PUT /api/v1/usuarios (domain `usuarioEntrada`, domain §1.3 "Usuário").
 */
import type { Usuario, UsuarioEntrada, ValoresUsuario } from '@retaguarda/domain';

export type { ValoresUsuario } from '@retaguarda/domain';

export const VALORES_NOVO: ValoresUsuario = {
  nome: '',
  username: '',
  email: '',
  setorId: null,
  ativo: true,
  administrador: false,
  avatarUuid: null,
  contatos: [],
  lojas: [],
  lojaPrincipal: null,
  grupos: [],
  senha: '',
  confirmacao: '',
};

export function valoresDoUsuario(u: Usuario): ValoresUsuario {
  return {
    nome: u.nome ?? '',
    username: u.username ?? '',
    email: u.email ?? '',
    setorId: u.setorId ? String(u.setorId) : null,
    ativo: u.ativo,
    administrador: u.administrador,
    avatarUuid: u.avatarUuid,
    contatos: u.contatos.map((c) => ({ tipo: c.tipo, valor: c.valor, descricao: c.descricao ?? '' })),
    lojas: u.lojasUsuario.map((l) => String(l.lojaId)),
    lojaPrincipal: String(u.lojasUsuario.find((l) => l.principal)?.lojaId ?? '') || null,
    grupos: u.grupos.map((g) => String(g.id)),
    senha: '',
    confirmacao: '',
  };
}

/** The body: the password only when filled (spec §5), one principal among the chosen stores. */
export function corpoDoUsuario(v: ValoresUsuario, opts: { comSenha: boolean; versao?: number }): UsuarioEntrada {
  return {
    nome: v.nome.trim(),
    username: v.username.trim(),
    email: v.email.trim() || null,
    ...(opts.comSenha && v.senha ? { senha: v.senha } : {}),
    ativo: v.ativo,
    administrador: v.administrador,
    setorId: v.setorId ? Number(v.setorId) : null,
    avatarUuid: v.avatarUuid,
    contatos: v.contatos
      .filter((c) => c.valor.trim())
      .map((c) => ({ tipo: c.tipo, valor: c.valor.trim(), descricao: c.descricao?.trim() || null })),
    lojasUsuario: v.lojas.map((l) => ({ lojaId: Number(l), principal: l === v.lojaPrincipal })),
    grupos: v.grupos.map(Number),
    versao: opts.versao,
  };
}

/** A saved user as a body again (the list's activate/inactivate action). */
export function entradaDoUsuario(u: Usuario): UsuarioEntrada {
  const { grupos: _g, ...corpo } = corpoDoUsuario(valoresDoUsuario(u), { comSenha: false, versao: u.versao });
  return corpo;
}
