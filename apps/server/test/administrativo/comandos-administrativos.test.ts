/**
 * Keys, groups and notifications on command faces (#24.2): the backbone's idempotency, one audit row per run,
 * and a secret shown once kept by no stored answer.
 */
import { comandoGruposDoUsuario, comandoMembrosDoGrupo, corpoDoComando } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acessoDaRota } from '../../src/workflows';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t, 'ana.admin')).headers;
});
afterAll(() => t.close());

const post = (url: string, payload: object, chave?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...admin, ...(chave ? { 'idempotency-key': chave } : {}) } });

describe('comandos do administrativo', () => {
  it('a face pede administrador e permissão juntos (grupos, spec §6)', () => {
    expect(
      acessoDaRota({
        acesso: { administrador: true, permissao: 'PERM_NOVO_USUARIOS_E_GRUPOS_INCLUIR' },
        entidade: 'grupos de usuários',
      }),
    ).toEqual({ adminOnly: true, anyOf: ['PERM_NOVO_USUARIOS_E_GRUPOS_INCLUIR'], entidade: 'grupos de usuários' });
  });

  it('a face deixa passar o próprio usuário do caminho, também com troca de senha pendente (nova-senha)', () => {
    expect(
      acessoDaRota({
        acesso: { administrador: true, permissao: 'P', proprioUsuario: true, trocaDeSenha: true },
        entidade: 'usuários',
      }),
    ).toEqual({ adminOnly: true, anyOf: ['P'], ownUser: 'id', passwordResetAllowed: true, entidade: 'usuários' });
  });

  it('conjuntos (membros, grupos de um usuário): lista nua ou objeto, como os clientes do spec §7 enviam', async () => {
    expect(corpoDoComando(comandoGruposDoUsuario, { usuarioId: 7, grupos: [2] })).toEqual([2]);
    expect(corpoDoComando(comandoMembrosDoGrupo, { grupoId: 7, id: 7, membros: [] })).toEqual({ id: 7, membros: [] });
    const g = (await post('/api/v1/grupo-usuario', { nome: 'Conjunto em lista' })).json().id as number;
    const eu = (await t.app.inject({ url: '/api/v1/eumesmo', headers: admin })).json().id as number;
    const m = await post(`/api/v1/grupo-usuario/${g}/membros`, [eu], 'membros-1');
    expect(m.statusCode).toBe(200);
    expect(m.json().membros.map((x: { id: number }) => x.id)).toEqual([eu]);
    expect((await post(`/api/v1/grupo-usuario/${g}/membros`, [eu], 'membros-1')).headers['idempotent-replayed']).toBe(
      'true',
    );
    // another user's set (replacing the caller's own would drop her rights)
    const usuarios = (await t.app.inject({ url: '/api/v1/pessoa/usuarios?count=100', headers: admin })).json().items;
    const outro = (usuarios as { id: number }[]).find((x) => x.id !== eu)!.id;
    const u = await post(`/api/v1/usuarios/${outro}/grupos`, { id: outro, grupos: [g] });
    expect(u.statusCode).toBe(200);
    expect(u.json().grupos.map((x: { id: number }) => x.id)).toEqual([g]);
    expect((await post(`/api/v1/usuarios/${outro}/grupos`, [999999])).statusCode).toBe(422);
    expect((await post('/api/v1/usuarios/999999/grupos', [])).statusCode).toBe(404);
  });

  it('um grupo reenviado com a mesma Idempotency-Key é criado uma vez, com uma auditoria', async () => {
    const corpo = { nome: 'Conferentes idempotentes' };
    const a = await post('/api/v1/grupo-usuario', corpo, 'grupo-duplo-clique-1');
    const b = await post('/api/v1/grupo-usuario', corpo, 'grupo-duplo-clique-1');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.headers.location).toBe(a.headers.location);
    expect(a.headers.location).toBe(`/api/v1/grupo-usuario/${a.json().id}`);
    const { rows } = await adminQuery(t.ownerUrl, `select count(*)::int n from grupo where nome = $1`, [corpo.nome]);
    expect(rows[0]!.n).toBe(1);
    const aud = await adminQuery(
      t.ownerUrl,
      `select operacao from auditoria where entidade = 'grupo' and entidade_id = $1`,
      [String(a.json().id)],
    );
    expect(aud.rows).toEqual([{ operacao: 'INCLUSAO' }]);
  });

  it('a chave criada não fica guardada para repetição: só o hash dela existe no banco', async () => {
    const res = await post(
      '/api/v1/administracao/chaves-integracao',
      { nome: 'ERP sem repetição', permissoes: [] },
      'chave-1',
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { chave, id } = res.json();
    expect(res.headers.location).toBe(`/api/v1/administracao/chaves-integracao/${id}`);
    const guardadas = await adminQuery(t.ownerUrl, `select resposta::text from comando_idempotencia`);
    expect(guardadas.rows.map((r) => r.resposta).join('\n')).not.toContain(chave);
    // a retry meets the name's uniqueness: 409, never a second key
    const de_novo = await post(
      '/api/v1/administracao/chaves-integracao',
      { nome: 'ERP sem repetição', permissoes: [] },
      'chave-1',
    );
    expect(de_novo.statusCode).toBe(409);
    const revogada = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/administracao/chaves-integracao/${id}`,
      headers: admin,
    });
    expect(revogada.statusCode).toBe(200);
    expect(revogada.json()).toMatchObject({ id, message: 'Chave de integração revogada.' });
    const aud = await adminQuery(
      t.ownerUrl,
      `select operacao from auditoria where entidade = 'chaveIntegracao' and entidade_id = $1 order by id`,
      [String(id)],
    );
    expect(aud.rows).toEqual([{ operacao: 'INCLUSAO' }, { operacao: 'ALTERACAO' }]);
  });

  it('uma notificação reenviada com a mesma Idempotency-Key é enviada uma vez', async () => {
    const eu = (await t.app.inject({ url: '/api/v1/eumesmo', headers: admin })).json().id as number;
    const corpo = { usuarioId: eu, titulo: 'Aviso único' };
    const a = await post('/api/v1/notificacoes', corpo, 'aviso-1');
    const b = await post('/api/v1/notificacoes', corpo, 'aviso-1');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers.location).toBe(`/api/v1/notificacoes/${a.json().id}`);
    const { rows } = await adminQuery(t.ownerUrl, `select count(*)::int n from notificacao where titulo = $1`, [
      corpo.titulo,
    ]);
    expect(rows[0]!.n).toBe(1);
  });
});
