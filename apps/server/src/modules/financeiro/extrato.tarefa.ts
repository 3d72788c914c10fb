/**
 * A large statement file imported by a job (issue #30: "a large file runs as a job with progress whose result
 * is the same answer"). The route keeps the file with the upload kit and runs `importarExtratoEmTarefa`, whose
 * step enqueues the job in the command's transaction (202 + the job). The job reads the file back and runs the
 * very import command as its owner (rights as they are now), so access, store scope, locks, rules and audit are
 * the synchronous import's; its answer becomes the job's result. The import stays one transaction (a statement
 * is all or nothing), so progress is by phase: reading, importing, done. The job's id is the import's
 * idempotency key: a retry after a crash that followed the commit replays the stored answer, never imports twice.
 */
import {
  comandoImportarExtratoEmTarefa,
  decodificarOfx,
  type EntradaImportacaoExtratoTarefa,
  type ImportacaoExtrato,
  MSG_EXTRATO_BANCARIO as MSG,
} from '@retaguarda/domain';
import { abrirArquivo, vincularArquivo } from '../../http/upload';
import { defineJob, FalhaDefinitiva } from '../../jobs';
import { ApiError } from '../../plugins/errors/api-error';
import { defineWorkflow, executarWorkflow } from '../../workflows';
import { authDoUsuario } from '../../workflows/em-partes';
import { importarExtrato } from './extrato.workflow';

export const TAREFA_IMPORTACAO_EXTRATO = 'financeiro.extrato.importacao';

type Dados = EntradaImportacaoExtratoTarefa;

export const tarefaImportacaoExtrato = defineJob<Dados, ImportacaoExtrato>({
  tipo: TAREFA_IMPORTACAO_EXTRATO,
  fila: 'geral',
  async executar(ctx) {
    const { db, assinanteId, usuarioId, dados } = ctx;
    if (usuarioId === null) throw new FalhaDefinitiva('Esta tarefa precisa de um usuário responsável.');
    await ctx.progresso(0, 3, 'Lendo o arquivo');
    const lido = await db.withTenant(assinanteId, async (trx) => {
      const a = await abrirArquivo(trx, dados.arquivoId);
      if (!a) return undefined;
      const partes: Buffer[] = [];
      for await (const p of a.partes) partes.push(Buffer.from(p));
      return { bytes: Buffer.concat(partes), auth: await authDoUsuario(trx, assinanteId, usuarioId) };
    });
    if (!lido) throw new FalhaDefinitiva(MSG.arquivoSumiu);
    if (!lido.auth) throw new FalhaDefinitiva('O usuário que iniciou a tarefa não está mais ativo.');
    await ctx.progresso(1, 3, 'Importando as linhas e aplicando as regras');
    try {
      const r = await executarWorkflow(db, importarExtrato, {
        entrada: {
          nomeArquivo: dados.nomeArquivo ?? null,
          conteudo: decodificarOfx(lido.bytes),
          contaCorrenteId: dados.contaCorrenteId ?? null,
        },
        auth: lido.auth,
        chave: `tarefa:${ctx.tarefaId}`,
      });
      const resposta = JSON.parse(r.corpo) as ImportacaoExtrato;
      // the file stays while its import does (the upload kit's retention), under the first statement's id
      const id = resposta.extratos.find((e) => e.id !== null)?.id;
      if (id) await db.withTenant(assinanteId, (trx) => vincularArquivo(trx, dados.arquivoId, `extrato:${id}`));
      await ctx.progresso(3, 3, 'Concluído');
      return resposta;
    } catch (e) {
      // a refused file (422/413/403) cannot get better by retrying: the job ends with the same Portuguese words
      if (e instanceof ApiError && e.statusCode < 500)
        throw new FalhaDefinitiva([e.message, ...(e.reasons ?? [])].filter(Boolean).join(' '));
      throw e;
    }
  },
});

export const importarExtratoEmTarefa = defineWorkflow(comandoImportarExtratoEmTarefa, {
  estadoInicial: () => ({ tarefaId: '' }),
  passos: [
    async (ctx) => {
      ctx.estado.tarefaId = await ctx.enfileirar(TAREFA_IMPORTACAO_EXTRATO, ctx.entrada, {
        titulo: MSG.tarefaTitulo(ctx.entrada.nomeArquivo ?? null),
        link: '/manutencaoOfx',
      });
    },
  ],
  resposta: (ctx) => ({ tarefaId: ctx.estado.tarefaId }),
});
