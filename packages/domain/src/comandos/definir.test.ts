/**
 * A face's path: named parameters filled from input fields, the same way for the URL and the body; and the
 * face of a command that answers with a job (202): its output names the job, and it creates nothing.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  caminhoDaTarefa,
  corpoDoComando,
  defineCommand,
  localDoCriado,
  parametrosDoCaminho,
  urlDoComando,
} from './definir';

const face = (caminho: string, extra: Record<string, unknown> = {}) =>
  defineCommand({
    nome: 'teste.face',
    metodo: 'PUT',
    caminho,
    resumo: 'teste',
    entidade: 'testes',
    entrada: z.object({ chave: z.string(), lojaId: z.number(), valor: z.unknown(), usuarioId: z.number() }),
    saida: z.object({}),
    acesso: { permissao: [] },
    ...extra,
  });

describe('caminho da face com parâmetros nomeados', () => {
  it('cada {x} preenche o campo x da entrada ({id}: campoDoId), codificado', () => {
    const f = face('/api/v1/configuracoes/{chave}/lojas/{lojaId}');
    expect(parametrosDoCaminho(f)).toEqual([
      { parametro: 'chave', campo: 'chave' },
      { parametro: 'lojaId', campo: 'lojaId' },
    ]);
    const entrada = { chave: 'estoque.a b', lojaId: 7, valor: 3 };
    expect(urlDoComando(f, entrada)).toBe('/api/v1/configuracoes/estoque.a%20b/lojas/7');
    expect(corpoDoComando(f, entrada)).toEqual({ valor: 3 });
    const doId = face('/api/v1/usuarios/{id}', { campoDoId: 'usuarioId' });
    expect(urlDoComando(doId, { usuarioId: 4, valor: 1 })).toBe('/api/v1/usuarios/4');
    expect(corpoDoComando(doId, { usuarioId: 4, valor: 1 })).toEqual({ valor: 1 });
  });

  it('um parâmetro sem valor não vira URL', () => {
    expect(() => urlDoComando(face('/api/v1/configuracoes/{chave}'), { valor: 1 })).toThrow(/informe chave/);
  });

  it('recusa um caminho malformado ou um parâmetro repetido', () => {
    expect(() => face('/api/v1/configuracoes/{Chave}')).toThrow(/caminho inválido/);
    expect(() => face('/api/v1/configuracoes/{chave}/{chave}')).toThrow(/repetido/);
    expect(() => face('/api/v1/x', { campoDoId: 'usuarioId' })).toThrow(/campoDoId/);
  });

  it('a Location de um recurso criado: sob o caminho, ou onde ele é lido', () => {
    expect(localDoCriado(face('/api/v1/usuarios'), 5)).toBe('/api/v1/usuarios/5');
    expect(localDoCriado(face('/api/v1/usuarios', { localDoRecurso: '/api/v1/pessoa/usuarios' }), 5)).toBe(
      '/api/v1/pessoa/usuarios/5',
    );
  });
});

const base = {
  nome: 'teste.recontagem',
  caminho: '/api/v1/teste/recontagem',
  resumo: 'Recontagem de teste',
  entidade: 'recontagem',
  entrada: z.object({}),
  acesso: { administrador: true as const },
};

describe('defineCommand com responde: tarefa', () => {
  it('aceita uma saída que nomeia a tarefa', () => {
    const face = defineCommand({ ...base, saida: z.object({ tarefaId: z.string() }), responde: 'tarefa' });
    expect(face.responde).toBe('tarefa');
  });

  it('recusa uma saída sem tarefaId (a tela não teria o que acompanhar)', () => {
    expect(() => defineCommand({ ...base, saida: z.object({ id: z.number() }), responde: 'tarefa' })).toThrow(
      /tarefaId/,
    );
  });

  it('recusa criaRecurso: a resposta é a tarefa, não um recurso criado', () => {
    expect(() =>
      defineCommand({
        ...base,
        saida: z.object({ tarefaId: z.string() }),
        responde: 'tarefa',
        criaRecurso: (s) => s.tarefaId,
      }),
    ).toThrow(/não cria recurso/);
  });

  it('o endereço da tarefa é o da leitura de tarefas', () => {
    expect(caminhoDaTarefa('3f0c-1')).toBe('/api/v1/tarefas/3f0c-1');
  });
});
