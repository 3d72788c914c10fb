/** What the register benches share: the owner's SQL, the sample of products to get and update, signing in. */
import pg from 'pg';

export type Amostra = Array<{ id: number; codigo: string }>;

export function alteracao(prefixo: string, amostra: Amostra, corpo: (x: Amostra[number]) => Record<string, unknown>) {
  let i = 0;
  let atual = amostra[0]!;
  return {
    path: () => {
      atual = amostra[i++ % amostra.length]!;
      return `${prefixo}/${atual.id}`;
    },
    body: () => JSON.stringify(corpo(atual)),
  };
}

export async function sqlDono(ownerUrl: string, text: string) {
  const c = new pg.Client({ connectionString: ownerUrl });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** Products the get and update cases use: none of the list's seção (updates move them to another). */
export async function amostraDeIds(ownerUrl: string, secaoFiltro: number): Promise<Amostra> {
  const r = await sqlDono(
    ownerUrl,
    `select id, codigo_interno as codigo from produto where assinante_id = 1 and descricao not like 'Produto bench%'
        and secao_id is distinct from ${Number(secaoFiltro)}
      order by md5(id::text) limit 5000`,
  );
  return r.rows as Amostra;
}

export async function entrar(base: string): Promise<string> {
  const auth = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }),
  });
  return ((await auth.json()) as { accessToken: string }).accessToken;
}
