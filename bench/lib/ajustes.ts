/**
 * What the stock benches that post through the adjustment command share (estoque-ledger.ts, estoque-extrato.ts):
 * the demo store BV01 with its sales-floor location, an entry type that carries the cost and an exit type, the
 * administrator's auth, and `ajustar` — one adjustment through the real command (contract parse, estoque.ajuste
 * on defineWorkflow: tenant transaction, lock, idempotency key, audit, set-based posting). The server modules are
 * imported when called: the scripts set DATA_DIR before anything reads the configuration.
 */
import { entradaAjusteEstoque, perm } from '@retaguarda/domain';
import pg from 'pg';
import type { startRuntime } from '../../apps/server/src/runtime';

type Runtime = Awaited<ReturnType<typeof startRuntime>>;

export interface BancadaDeAjustes {
  owner: pg.Client;
  um<T>(text: string, params?: unknown[]): Promise<T>;
  assinante: number;
  loja: number;
  local: number;
  /**
   * Adjustment `n` of `itens` items dated `data`, cycling over `produtos`: entries of 1–7 units with a cost of
   * 1.00–10.96, or exits of 1 unit; `chave` is its idempotency key.
   */
  ajustar(
    n: number,
    data: string,
    itens: number,
    chave: string,
    produtos: readonly number[],
    saida?: boolean,
  ): Promise<void>;
  fechar(): Promise<void>;
}

export async function bancadaDeAjustes(rt: Runtime): Promise<BancadaDeAjustes> {
  const { executarWorkflow } = await import('../../apps/server/src/workflows');
  const { incluirAjusteEstoque } = await import('../../apps/server/src/modules/estoque/ajuste.workflow');
  const owner = new pg.Client({ connectionString: rt.target.ownerUrl });
  await owner.connect();
  const um = async <T>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows[0] as T;
  const { assinante, loja, local, usuario } = await um<{
    assinante: number;
    loja: number;
    local: number;
    usuario: number;
  }>(
    `select l.assinante_id as assinante, l.id as loja, le.id as local,
            (select id from usuario u where u.assinante_id = l.assinante_id and username = 'ana.admin') as usuario
       from loja l join local_estoque le on le.loja_id = l.id and le.tipo = 'LOJA' where l.sigla = 'BV01'`,
  );
  const entrada = await um<{ id: number }>(
    `update tipo_ajuste set afeta_custo_medio = true where id = (select id from tipo_ajuste where assinante_id = $1
       and tipo = 'ENTRADA' and not exige_observacao order by id limit 1) returning id`,
    [assinante],
  );
  const saida = await um<{ id: number }>(
    `select id from tipo_ajuste where assinante_id = $1 and tipo = 'SAIDA' and not exige_observacao order by id limit 1`,
    [assinante],
  );
  const auth = {
    assinanteId: assinante,
    usuarioId: usuario,
    username: 'ana.admin',
    sessaoId: null,
    apiKeyId: null,
    administrador: true,
    tipoCliente: 'TODOS' as const,
    permissoes: new Set([perm('AJUSTE_ESTOQUE', 'INCLUIR')]),
    lojas: [loja],
    lojaPrincipal: loja,
  };
  return {
    owner,
    um,
    assinante,
    loja,
    local,
    async ajustar(n, data, itens, chave, produtos, sai = false) {
      const e = entradaAjusteEstoque.parse({
        lojaId: loja,
        localId: local,
        tipoDeOperacao: sai ? 'SAIDA' : 'ENTRADA',
        tipoDeAjusteId: sai ? saida.id : entrada.id,
        dataDaMovimentacao: data,
        confirmarDataAntiga: true, // the bench dates from 2024 on (more than a year back)
        itens: Array.from({ length: itens }, (_, i) => ({
          produtoId: produtos[(n + i) % produtos.length]!,
          quantidade: sai ? '1' : String(1 + ((n + i) % 7)),
          ...(sai ? {} : { custoUnitario: (1 + ((n * 31 + i) % 997) / 100).toFixed(2) }),
        })),
      });
      const r = await executarWorkflow(rt.db, incluirAjusteEstoque, { entrada: e, auth, chave });
      if (r.status !== 201) throw new Error(`ajuste ${n}: ${r.status} ${JSON.stringify(r.corpo)}`);
    },
    fechar: () => owner.end(),
  };
}
