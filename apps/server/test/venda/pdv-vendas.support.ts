/** Shared set-up of the POS sales tests: Bela Vida's BV01 with its POS 11, a product with stock, a payment form. */
import { randomToken, sha256, TOKEN_PREFIX } from '../../src/plugins/auth/tokens';
import { adminQuery, type TestApp, tenantQuery } from '../helpers/app';
import type { LoginResult } from '../helpers/auth';

let t: TestApp;
export const ref = {} as Record<'assinante' | 'BV01' | 'BV02' | 'p1' | 'p2' | 'forma' | 'func' | 'cliente', number> & {
  ean: string;
  credencial: string;
};

export async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!ref.assinante) return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
  return (await tenantQuery<T>(t.ownerUrl, ref.assinante, text, params)).rows;
}

export async function prepararPdv(app: TestApp): Promise<void> {
  t = app;
  const lojas = await q<{ id: number; sigla: string; assinante_id: number }>(
    `select l.id, l.sigla, l.assinante_id from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida'`,
  );
  ref.assinante = lojas[0]!.assinante_id;
  ref.BV01 = lojas.find((l) => l.sigla === 'BV01')!.id;
  ref.BV02 = lojas.find((l) => l.sigla === 'BV02')!.id;
  const prods = await q<{ id: number }>(
    `select p.id from produto p join saldo_estoque s on s.produto_id = p.id and s.loja_id = $1
      where p.ativo and nullif(trim(p.ncm_id), '') is not null
        and not exists (select 1 from inconsistencia_produto i where i.produto_id = p.id and i.resolvida_em is null
                        and i.tipo = 'SEM_CENARIO_FISCAL')
      group by p.id order by p.id limit 2`,
    [ref.BV01],
  );
  ref.p1 = prods[0]!.id;
  ref.p2 = prods[1]!.id;
  ref.forma = (await q<{ id: number }>(`select id from forma_pagamento where ativo order by id limit 1`))[0]!.id;
  ref.func = (await q<{ id: number }>(`select id from funcionario order by id limit 1`))[0]!.id;
  ref.cliente = (await q<{ id: number }>(`select id from cliente order by id limit 1`))[0]!.id;
  // a credential of BV01's POS 11 (the demo's are random: only hashes are kept)
  ref.credencial = randomToken(TOKEN_PREFIX.dispositivo);
  await q(`update dispositivo set credencial_hash = $1 where loja_id = $2 and numero_caixa = 11`, [
    sha256(ref.credencial),
    ref.BV01,
  ]);
}

let seq = 100;
export const novoSequencial = () => ++seq;

/** One sale of two units of p1 at 10.00 and one of p2 at 5.50, paid 30.00 with 4.50 change. */
export const cupom = (extra: Record<string, unknown> = {}) => ({
  lojaId: ref.BV01,
  numeroCaixa: '011',
  sequencial: novoSequencial(),
  dataHoraAberturaCupom: '2026-11-20T10:15:00',
  dataHoraFechamentoCupom: '2026-11-20T10:16:30',
  funcionarioId: ref.func,
  cancelada: false,
  valor: '25.50',
  itensVenda: [
    {
      sequencia: 1,
      produtoId: ref.p1,
      quantidadeVenda: '2',
      valorUnidade: '10.00',
      valorDesconto: '0',
      valorTotal: '20.00',
    },
    { sequencia: 2, produtoId: ref.p2, quantidadeVenda: 1, valorUnidade: 5.5, valorTotal: '5.50' },
  ],
  finalizacoes: [{ finalizadoraId: ref.forma, valor: '30.00', troco: '4.50' }],
  ...extra,
});

export const enviar = (who: LoginResult | { headers: Record<string, string> }, cupons: unknown[], chave?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pdv/vendas',
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: { cupons },
  });

export const doDispositivo = () => ({
  headers: { authorization: ref.credencial, host: 'localhost' } as Record<string, string>,
});
