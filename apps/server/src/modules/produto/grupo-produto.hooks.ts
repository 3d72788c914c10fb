/**
 * Deleting a grupo takes its subgrupos along: they exist only under it, and a product that uses one of
 * them uses the grupo too (the product's key to its subgrupo includes the grupo). So a grupo is refused
 * only when products use it ("Referenciado em produtos."), never because it still has subgrupos.
 */
import { grupoProduto } from '@retaguarda/domain';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import { defineRegisterHooks } from '../../registers/hooks';

export const grupoProdutoHooks = defineRegisterHooks(grupoProduto, {
  async beforeDelete({ trx, auth, id }) {
    // RLS keeps the statement inside the tenant; a product on a subgrupo fails it with the products' reference
    const r = await sql<{ id: number; secaoId: number; grupoId: number; descricao: string }>`
      delete from subgrupo where grupo_id = ${id}
      returning id, secao_id as "secaoId", grupo_id as "grupoId", descricao`.execute(trx);
    for (const antes of r.rows) {
      await audit(trx, {
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        entidade: 'subgrupo',
        entidadeId: antes.id,
        operacao: 'EXCLUSAO',
        antes,
      });
    }
  },
});
