/**
 * The tenant setting "Inventário habilitado" (estoque.inventarioHabilitado, on by default) on the server: the
 * web guard hides the screens when it is off, and every inventory command (the SDK's and the collectors' too)
 * is refused with 403 — read inside the command's transaction, so a switch just saved is already in force.
 */
import { MSG_INVENTARIO } from '@retaguarda/domain';
import { lerParametroNaTransacao } from '../../configuracoes/ler';
import { type ContextoDoComando, proibido } from '../../workflows';

export async function exigirInventarioHabilitado(ctx: ContextoDoComando<unknown, unknown>): Promise<void> {
  if (!(await lerParametroNaTransacao(ctx.trx, 'estoque.inventarioHabilitado')))
    throw proibido(MSG_INVENTARIO.desabilitado);
}
