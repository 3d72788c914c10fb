/**
 * A record reaching stores the user does not hold is read-only for that user (issue 26 #9, architecture
 * §7.12): the BV02 manager reads the network's promotional message but cannot change its title, with
 * or without the store list in the body; his own BV02 message he edits. Every register with a store
 * field follows (registers/store-scope.ts): a production sector of every store, for a BV02 stock user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { createRegistersApp, headersFor } from '../registers/support';

let t: TestApp;
let admin: Record<string, string>;
let fabio: Record<string, string>;
let diego: Record<string, string>;
let lojas: Record<string, number>;
const MSGS = '/api/v1/pdv/mensagens-promocionais';

beforeAll(async () => {
  t = await createRegistersApp();
  await adminQuery(
    t.ownerUrl,
    `insert into grupo_permissao (assinante_id, grupo_id, permissao)
     select distinct g.assinante_id, g.id, p.codigo from usuario u join grupo_membro gm on gm.usuario_id = u.id
       join grupo g on g.id = gm.grupo_id cross join permissao p
      where (u.username = 'fabio.gerente' and p.codigo like 'PERM_MENSAGENS_PROMOCIONAIS\\_%')
         or (u.username = 'diego.estoque' and p.codigo like 'PERM_SETOR_PRODUCAO\\_%')
     on conflict do nothing`,
  );
  admin = await headersFor(t, 'ana.admin');
  fabio = await headersFor(t, 'fabio.gerente');
  diego = await headersFor(t, 'diego.estoque');
  const { rows } = await adminQuery(t.ownerUrl, `select sigla, id from loja where sigla like 'BV%'`);
  lojas = Object.fromEntries(rows.map((r) => [r.sigla, r.id]));
});
afterAll(() => t?.close());

const msg = (lojasIds: number[], titulo = 'Promoção de rede') => ({
  titulo,
  texto: 'Leve 3 pague 2.',
  local: 'RODAPE_CUPOM',
  lojas: lojasIds,
  vigenciaInicio: '2026-11-01',
  prioridade: 1,
});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('registro que alcança outras lojas: somente leitura', () => {
  it('o gerente da BV02 lê a mensagem da rede, mas não muda o título (com ou sem as lojas no corpo)', async () => {
    const todas = [lojas.BV01!, lojas.BV02!, lojas.BV03!, lojas.BV04!];
    const r = await call('POST', MSGS, admin, msg(todas));
    expect(r.statusCode, r.body).toBe(201);
    const url = `${MSGS}/${r.json().id}`;
    const lida = await call('GET', url, fabio);
    expect(lida.statusCode).toBe(200);
    const esperado =
      'Você não pode alterar este registro: ele vale também para as lojas BV01, BV03, BV04, que não estão entre as suas lojas.';
    const completo = await call('PUT', url, fabio, { ...lida.json(), titulo: 'Só minha' });
    expect(completo.statusCode, completo.body).toBe(403);
    expect(completo.json()).toMatchObject({ message: esperado });
    const parcial = await call('PUT', url, fabio, { titulo: 'Só minha' });
    expect(parcial.statusCode, parcial.body).toBe(403);
    expect(parcial.json().message).toBe(esperado);
    expect((await call('GET', url, admin)).json().titulo).toBe('Promoção de rede');
    const peloAdmin = await call('PUT', url, admin, { ...lida.json(), titulo: 'Promoção de Natal' });
    expect(peloAdmin.statusCode, peloAdmin.body).toBe(200);
  });

  it('a mensagem só da BV02 ele edita', async () => {
    const r = await call('POST', MSGS, fabio, msg([lojas.BV02!], 'Da BV02'));
    expect(r.statusCode, r.body).toBe(201);
    const put = await call('PUT', `${MSGS}/${r.json().id}`, fabio, { ...r.json(), titulo: 'Da BV02, revista' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().titulo).toBe('Da BV02, revista');
  });

  it('um setor de produção de todas as lojas é somente leitura para o estoquista da BV02', async () => {
    const r = await call('POST', '/api/v1/estoque/setores-producao', admin, { descricao: 'Padaria', lojas: [] });
    expect(r.statusCode, r.body).toBe(201);
    const put = await call('PUT', `/api/v1/estoque/setores-producao/${r.json().id}`, diego, {
      descricao: 'Padaria da BV02',
    });
    expect(put.statusCode, put.body).toBe(403);
    expect(put.json().message).toBe(
      'Você não pode alterar este registro: ele vale para todas as lojas, e nem todas estão entre as suas lojas.',
    );
  });
});
