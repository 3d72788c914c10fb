/** Who reads and who changes a parameter (its declaration's `permissao`). */
import type { QualquerParametro } from '@retaguarda/domain';
import type { AuthContext } from '../plugins/auth';

export const podeLer = (auth: AuthContext, d: QualquerParametro): boolean =>
  auth.administrador || d.permissao.ler.length === 0 || d.permissao.ler.some((p) => auth.permissoes.has(p));

export const podeAlterar = (auth: AuthContext, d: QualquerParametro): boolean =>
  d.permissao.alterar === 'administrador' ? auth.administrador : auth.permissoes.has(d.permissao.alterar);
