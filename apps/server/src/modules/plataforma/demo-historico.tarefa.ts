/**
 * The demo history job (`demo.historico`, queue `demo`): N days, ending yesterday in each store's own
 * zone, of the movements demo-historico.gerador.ts describes, for one tenant's stores (with a LOJA
 * location) and active products, posted through the stock ledger's set-based posting (balances, daily
 * balances, per-day summaries and average cost kept by the ledger itself; the posting refuses a closed period).
 * Days go in chunks of 7 on the chunked-job runner (jobs/em-partes.ts): each chunk its own transaction that
 * marks it done, progress in days, cancellation between chunks, and a retried attempt resumes at the first
 * unfinished chunk. Across runs the store-days posted are kept in historico_demo_dia (migration 0242, written by
 * the same transaction): a new run over the same days (or a longer one) posts only the store-days missing, so
 * nothing is posted twice. The days are those before the request's `agora` (the same at every attempt). Days in a
 * closed period are skipped (the ledger kit's non-throwing check, under the same locks the posting takes).
 * Within a chunk the days are posted in date order, each day's purchases first, so the average cost follows
 * the dates.
 */
import { hojeNaZona, MSG_HISTORICO_DEMO, type ResultadoHistoricoDemo, somarDias, zonaDaLoja } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { ehAssinanteDemo } from '../../db/seed';
import { FalhaDefinitiva, tarefasDe } from '../../jobs';
import { defineChunkedJob } from '../../jobs/em-partes';
import { tarefaAbertaPorChave } from '../../jobs/tarefa.store';
import { fechadoEm, travarEscopos } from '../../ledger/periodo';
import { travar } from '../../workflows';
import { lancarMovimentos, type MovimentoALancar } from '../estoque/lancamento';
import { LEDGER_ESTOQUE } from '../estoque/razao';
import { criarNotificacao } from './notificacoes.service';
import { type DiaGerado, gerarDia, type LojaDemo, type ProdutoDemo } from './demo-historico.gerador';

export const TIPO_HISTORICO_DEMO = 'demo.historico';
/** one open run per tenant (the job's singleton key) */
export const CHAVE_HISTORICO_DEMO = 'demo.historico';
/** days per transaction: a kill loses at most this much work */
const DIAS_POR_BLOCO = 7;
const DOCUMENTO = 'DEMO_HISTORICO';
/** a tenant's catalogue may be large: the history uses its first products */
const PRODUTOS_MAX = 500;

interface Cenario {
  lojas: (LojaDemo & { inicio: string })[];
  produtos: ProdutoDemo[];
}

async function lerCenario(trx: Tx, dias: number, agora: Date): Promise<Cenario> {
  const { rows: lojas } = await sql<{
    lojaId: number;
    uf: string;
    codigoIbge: string | null;
    localLoja: number | null;
    localDeposito: number | null;
  }>`
    select l.id as loja_id, l.uf, l.codigo_ibge,
      (select le.id from local_estoque le where le.loja_id = l.id and le.tipo = 'LOJA' and le.ativo
        order by le.id limit 1) as local_loja,
      (select le.id from local_estoque le where le.loja_id = l.id and le.tipo = 'DEPOSITO' and le.ativo
        order by le.id limit 1) as local_deposito
      from loja l where l.ativo order by l.id`.execute(trx);
  const { rows: produtos } = await sql<ProdutoDemo>`
    select p.id as produto_id,
      round(coalesce((select avg(c.custo_reposicao) from custo c where c.produto_id = p.id and c.ativo
                        and c.custo_reposicao > 0), 2 + p.id % 9) * 100)::int as custo_centavos,
      coalesce(u.permite_fracionamento and u.casas_decimais >= 3, false) as fracionado
      from produto p left join unidade u on u.id = p.unidade_de_venda_id
     where p.ativo order by p.id limit ${PRODUTOS_MAX}`.execute(trx);
  return {
    lojas: lojas
      .filter((l) => l.localLoja !== null)
      .map((l) => {
        const zona = zonaDaLoja(l);
        const fim = somarDias(hojeNaZona(zona, agora), -1);
        return {
          lojaId: l.lojaId,
          localLoja: l.localLoja!,
          localDeposito: l.localDeposito,
          zona,
          inicio: somarDias(fim, 1 - dias),
        };
      }),
    produtos,
  };
}

interface Bloco {
  diasLoja: number;
  movimentos: number;
}

/** Days [de, ate) of the history (indexes from each store's first day), in one transaction. */
async function gerarBloco(
  trx: Tx,
  job: { assinanteId: number; usuarioId: number | null; tarefaId: string },
  cenario: Cenario,
  de: number,
  ate: number,
): Promise<Bloco> {
  const { assinanteId } = job;
  await travar(trx, assinanteId, CHAVE_HISTORICO_DEMO);
  const candidatos: { lojaId: number; data: string; dia: DiaGerado }[] = [];
  // the stores' posting locks and closing dates: a closing waits for this chunk, and a day of a closed
  // period is skipped here rather than refused by the posting
  const fechados = await travarEscopos(
    trx,
    LEDGER_ESTOQUE,
    cenario.lojas.map((l) => l.lojaId),
  );
  for (const loja of cenario.lojas) {
    for (let i = de; i < ate; i++) {
      const data = somarDias(loja.inicio, i);
      if (fechadoEm(fechados.get(loja.lojaId) ?? null, data)) continue;
      candidatos.push({
        lojaId: loja.lojaId,
        data,
        dia: gerarDia(assinanteId, loja, cenario.produtos, data, loja.inicio),
      });
    }
  }
  if (!candidatos.length) return { diasLoja: 0, movimentos: 0 };
  // the store-days not generated yet (by an earlier run or attempt) are the ones this chunk claims
  const { rows } = await sql<{ lojaId: number; data: string }>`
    insert into historico_demo_dia (assinante_id, loja_id, data, movimentos, tarefa_id)
    select app_assinante(), c.loja_id, c.data, c.movimentos, ${job.tarefaId}::uuid
      from unnest(${candidatos.map((c) => c.lojaId)}::int4[], ${candidatos.map((c) => c.data)}::date[],
                  ${candidatos.map((c) => c.dia.entradas.length + c.dia.demais.length)}::int4[]) c(loja_id, data, movimentos)
    on conflict (assinante_id, loja_id, data) do nothing
    returning loja_id, to_char(data, 'YYYY-MM-DD') as data`.execute(trx);
  const novos = new Set(rows.map((r) => `${r.lojaId}:${r.data}`));
  const porData = new Map<string, DiaGerado[]>();
  for (const c of candidatos) {
    if (!novos.has(`${c.lojaId}:${c.data}`)) continue;
    porData.set(c.data, [...(porData.get(c.data) ?? []), c.dia]);
  }
  let movimentos = 0;
  let pendentes: MovimentoALancar[] = [];
  const lancar = async (lista: MovimentoALancar[]) => {
    if (!lista.length) return;
    await lancarMovimentos(trx, {
      documentoTipo: DOCUMENTO,
      documentoId: null,
      usuarioId: job.usuarioId,
      movimentos: lista,
    });
    movimentos += lista.length;
  };
  for (const data of [...porData.keys()].sort()) {
    const dias = porData.get(data)!;
    const entradas = dias.flatMap((d) => d.entradas);
    if (entradas.length) {
      // the purchases move the average before the exits of their day and after those of the days before
      await lancar(pendentes);
      pendentes = [];
      await lancar(entradas);
    }
    for (const d of dias) pendentes.push(...d.demais);
  }
  await lancar(pendentes);
  return { diasLoja: novos.size, movimentos };
}

interface Parte {
  de: number;
  ate: number;
  cenario: Cenario;
}

/** when each attempt started (its `segundos`), by job */
const inicios = new Map<string, number>();

export const tarefaHistoricoDemo = defineChunkedJob<
  { dias: number; agora?: string },
  Parte,
  Bloco,
  ResultadoHistoricoDemo
>({
  tipo: TIPO_HISTORICO_DEMO,
  fila: 'demo',
  // the days in chunks of 7, against the scenario as of the request (its `agora`: the same days at every attempt)
  async partes({ db, assinanteId, tarefaId, dados }) {
    inicios.set(tarefaId, performance.now());
    const agora = dados.agora ? new Date(dados.agora) : new Date();
    const cenario = await db.withTenant(assinanteId, (trx) => lerCenario(trx, dados.dias, agora));
    if (!cenario.lojas.length || !cenario.produtos.length) throw new FalhaDefinitiva(MSG_HISTORICO_DEMO.semLojas);
    const partes: Parte[] = [];
    for (let de = 0; de < dados.dias; de += DIAS_POR_BLOCO)
      partes.push({ de, ate: Math.min(de + DIAS_POR_BLOCO, dados.dias), cenario });
    return partes;
  },
  tamanho: (p) => p.ate - p.de,
  executarParte: (trx, p, ctx) => gerarBloco(trx, ctx, p.cenario, p.de, p.ate),
  fase: (blocos) => MSG_HISTORICO_DEMO.progresso(blocos.reduce((s, b) => s + b.movimentos, 0)),
  async resultado(blocos, { db, assinanteId, usuarioId, tarefaId, dados }) {
    const inicio = inicios.get(tarefaId) ?? performance.now();
    inicios.delete(tarefaId);
    const resultado = {
      dias: dados.dias,
      diasLoja: blocos.reduce((s, b) => s + b.diasLoja, 0),
      movimentos: blocos.reduce((s, b) => s + b.movimentos, 0),
      segundos: Number(((performance.now() - inicio) / 1000).toFixed(1)),
    };
    if (usuarioId !== null)
      await db.withTenant(assinanteId, (trx) =>
        criarNotificacao(
          trx,
          assinanteId,
          {
            usuarioId,
            titulo: MSG_HISTORICO_DEMO.concluido,
            corpo: MSG_HISTORICO_DEMO.resumo(resultado),
          },
          { usuarioId: null },
        ),
      );
    return resultado;
  },
});

type Abertura = { tarefaId: string; existente: boolean } | { recusado: true };
/** Sends the job in the caller's transaction (the command's `ctx.enfileirar`, or the engine's for the tool). */
type Enfileirar = (tipo: string, dados: unknown, opcoes: { singletonKey: string; titulo: string }) => Promise<string>;

/**
 * Enqueues a run for the tenant in the caller's transaction, unless one is open already: then answers that
 * one (`existente`), which the API refuses (409) and the command-line tool follows.
 */
export async function abrirHistoricoDemo(
  trx: Tx,
  assinanteId: number,
  dias: number,
  enfileirar: Enfileirar,
): Promise<Abertura> {
  // invented sales and purchases would corrupt a real chain's stock: demo tenants only
  const { rows } = await sql<{ hosts: string[] }>`select hosts from assinante where id = ${assinanteId}`.execute(trx);
  if (!ehAssinanteDemo(rows[0]?.hosts ?? [])) return { recusado: true as const };
  await travar(trx, assinanteId, `${CHAVE_HISTORICO_DEMO}.inicio`);
  const aberta = await tarefaAbertaPorChave(trx, TIPO_HISTORICO_DEMO, CHAVE_HISTORICO_DEMO);
  if (aberta) return { tarefaId: aberta.id, existente: true };
  const tarefaId = await enfileirar(
    TIPO_HISTORICO_DEMO,
    { dias, agora: new Date().toISOString() },
    { singletonKey: CHAVE_HISTORICO_DEMO, titulo: MSG_HISTORICO_DEMO.titulo(dias) },
  );
  return { tarefaId, existente: false };
}

/** The command-line tool's start (no user: it runs outside the API's commands). */
export function iniciarHistoricoDemo(
  db: Database,
  quem: { assinanteId: number; usuarioId: number | null },
  dias: number,
): Promise<Abertura> {
  return db.withTenant(quem.assinanteId, (trx) =>
    abrirHistoricoDemo(trx, quem.assinanteId, dias, (tipo, dados, opcoes) =>
      tarefasDe(db).enviarNa(trx, tipo, dados, { ...quem, ...opcoes }),
    ),
  );
}
