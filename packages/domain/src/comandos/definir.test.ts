/** The face of a command that answers with a job (202): its output names the job, and it creates nothing. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { caminhoDaTarefa, definirComando } from './definir';

const base = {
  nome: 'teste.recontagem',
  caminho: '/api/v1/teste/recontagem',
  resumo: 'Recontagem de teste',
  entidade: 'recontagem',
  entrada: z.object({}),
  acesso: { administrador: true as const },
};

describe('definirComando com responde: tarefa', () => {
  it('aceita uma saída que nomeia a tarefa', () => {
    const face = definirComando({ ...base, saida: z.object({ tarefaId: z.string() }), responde: 'tarefa' });
    expect(face.responde).toBe('tarefa');
  });

  it('recusa uma saída sem tarefaId (a tela não teria o que acompanhar)', () => {
    expect(() => definirComando({ ...base, saida: z.object({ id: z.number() }), responde: 'tarefa' })).toThrow(
      /tarefaId/,
    );
  });

  it('recusa criaRecurso: a resposta é a tarefa, não um recurso criado', () => {
    expect(() =>
      definirComando({
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
