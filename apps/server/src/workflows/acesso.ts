/** A command's access declaration as the route guard's (`config.access`, enforced before the body is read). */
import type { RouteAccess } from '../plugins/auth';
import type { QualquerWorkflow } from './tipos';

export function acessoDaRota(wf: Pick<QualquerWorkflow, 'acesso' | 'entidade'>): RouteAccess {
  const a = wf.acesso;
  const tipo = {
    ...(a.tipoCliente ? { tipoCliente: a.tipoCliente } : {}),
    // the route's path parameter is `id` (rotas.ts); executarWorkflow passes the input's path field as it
    ...(a.proprioUsuario ? { ownUser: 'id' } : {}),
    ...(a.trocaDeSenha ? { passwordResetAllowed: true } : {}),
    ...(a.dispositivo ? { dispositivo: true } : {}),
  };
  if ('publico' in a) return { public: true, entidade: wf.entidade };
  const anyOf =
    !('permissao' in a) || a.permissao === undefined
      ? {}
      : { anyOf: typeof a.permissao === 'string' ? [a.permissao] : [...a.permissao] };
  if ('administrador' in a) return { adminOnly: true, ...anyOf, entidade: wf.entidade, ...tipo };
  return { ...anyOf, entidade: wf.entidade, ...tipo };
}
