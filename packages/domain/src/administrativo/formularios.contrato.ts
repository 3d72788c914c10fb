/**
 * The identity screens' forms (react-hook-form + zodResolver on the web): what the browser checks before
 * sending, with the screens' own messages; the server checks the bodies again (usuarioEntrada, grupoEntrada,
 * chaveEntrada). Values are the widgets' (ids as text in the pickers); the screens turn them into bodies.
 */
import { z } from 'zod';
import { STATUS_DE_ATIVACAO } from './grupos.contrato';
import { problemasDaSenha } from './senha';
import { TIPOS_CONTATO } from './usuarios.contrato';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const contatoDoFormulario = z.object({
  tipo: z.enum(TIPOS_CONTATO),
  valor: z.string(),
  descricao: z.string().nullish(),
});

const valoresDoUsuario = z.object({
  nome: z.string(),
  username: z.string(),
  email: z.string(),
  setorId: z.string().nullable(),
  ativo: z.boolean(),
  administrador: z.boolean(),
  avatarUuid: z.string().nullable(),
  contatos: z.array(contatoDoFormulario),
  lojas: z.array(z.string()),
  lojaPrincipal: z.string().nullable(),
  grupos: z.array(z.string()),
  senha: z.string(),
  confirmacao: z.string(),
});
export type ValoresUsuario = z.infer<typeof valoresDoUsuario>;

/**
 * The user form (usuariocadastro): a new user needs a password; `completo` (an administrator with the
 * permission) also checks the username and the stores, one of them principal. Store errors go to
 * `lojasUsuario`, the field the server names too.
 */
export function usuarioFormulario({ novo, completo }: { novo: boolean; completo: boolean }) {
  return valoresDoUsuario.superRefine((v, ctx) => {
    const erro = (campo: string, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
    if (!v.nome.trim()) erro('nome', 'Informe o nome.');
    if (completo && v.username.trim().length < 3) erro('username', 'Informe o usuário (ao menos 3 caracteres).');
    if (v.email.trim() && !EMAIL.test(v.email.trim())) erro('email', 'E-mail inválido.');
    if (novo && !v.senha) erro('senha', 'Informe a senha do novo usuário.');
    const problemaDaSenha = v.senha ? problemasDaSenha(v.senha, v.username)[0] : undefined;
    if (problemaDaSenha) erro('senha', problemaDaSenha);
    if (v.senha && v.senha !== v.confirmacao) erro('confirmacao', 'A confirmação não confere com a senha.');
    if (completo && v.lojas.length === 0) erro('lojasUsuario', 'Selecione ao menos uma loja.');
    else if (completo && (!v.lojaPrincipal || !v.lojas.includes(v.lojaPrincipal)))
      erro('lojasUsuario', 'Indique a loja principal entre as lojas selecionadas.');
  });
}

/** A member as the group form lists it. */
const membroDoFormulario = z.object({ id: z.number(), nome: z.string(), username: z.string(), ativo: z.boolean() });

/** The group form (grupocadastro): name, status, permissions and members written together. */
export const grupoFormulario = z.object({
  nome: z.string().refine((n) => n.trim() !== '', 'Informe o nome do grupo.'),
  statusDeAtivacao: z.enum(STATUS_DE_ATIVACAO),
  permissoes: z.array(z.string()),
  membros: z.array(membroDoFormulario),
});
export type ValoresGrupo = z.infer<typeof grupoFormulario>;

/** The new integration key form: a name and at least one permission; no store means every store. */
export const chaveFormulario = z.object({
  nome: z.string().refine((n) => n.trim() !== '', 'Informe o nome da chave.'),
  permissoes: z.array(z.string()).min(1, 'Selecione ao menos uma permissão.'),
  lojas: z.array(z.string()),
});
export type ValoresChave = z.infer<typeof chaveFormulario>;
