/** Test-only commands: a brand written in two steps, a third that may fail, a lock held for a while. */
import { falhaDeCampo, perm } from '@retaguarda/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineWorkflow, type Passo, recusarTudo } from '../../src/workflows';

export const entradaTeste = z.object({
  descricao: z.string().min(3),
  falhar: z.boolean().default(false),
  esperaMs: z.number().int().min(0).max(2000).default(0),
});
type Entrada = z.output<typeof entradaTeste>;
interface Estado {
  ids: number[];
  inicio: number;
  fim: number;
}

export const saidaTeste = z.object({ id: z.number(), ids: z.array(z.number()), inicio: z.number(), fim: z.number() });

const inserir =
  (sufixo: string): Passo<Entrada, Estado> =>
  async (ctx) => {
    const { rows } = await sql<{ id: number }>`insert into marca (descricao)
      values (${`${ctx.entrada.descricao} ${sufixo}`}) returning id`.execute(ctx.trx);
    ctx.estado.ids.push(rows[0]!.id);
  };

const esperar: Passo<Entrada, Estado> = async (ctx) => {
  ctx.estado.inicio = Date.now();
  if (ctx.entrada.esperaMs) await sql`select pg_sleep(${ctx.entrada.esperaMs / 1000})`.execute(ctx.trx);
  ctx.estado.fim = Date.now();
};

const talvezFalhar: Passo<Entrada, Estado> = (ctx) => {
  if (ctx.entrada.falhar) throw recusarTudo([falhaDeCampo('falhar', 'o terceiro passo recusou.')]);
};

export const eventos: string[] = [];

export const comandoTeste = defineWorkflow({
  nome: 'teste.marcas',
  area: 'teste',
  recurso: 'marcas',
  resumo: 'Comando de teste',
  entidade: 'marcas',
  entrada: entradaTeste,
  saida: saidaTeste,
  acesso: { permissao: perm('MARCA', 'INCLUIR') },
  lock: () => 'teste:unico',
  estadoInicial: (): Estado => ({ ids: [], inicio: 0, fim: 0 }),
  passos: [esperar, inserir('A'), inserir('B'), talvezFalhar],
  resposta: (ctx) => ({ id: ctx.estado.ids[0]!, ...ctx.estado }),
  criaRecurso: (s) => s.id,
  depoisDoCommit: [(c) => void eventos.push(`${c.nome}:${c.resultado.id}`)],
});
