/**
 * The report job: generates the file of a `relatorio` row (same id as its job), stores it and tells
 * the owner (bell, realtime, push). Run by any instance; a retry after an instance died starts over.
 * An error that retrying cannot fix (a register gone, bad parameters: ApiError 4xx) ends it at once.
 */
import { MSG_RELATORIO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { defineJob } from '../../jobs';
import { criarNotificacao } from '../plataforma/notificacoes.service';
import { geradorDe, registrarGerador } from './geradores';
import { gerarHistorico } from './historico';
import { gerarLista } from './lista-cadastro';
import { descartarArquivo, linkDoRelatorio, TIPO_TAREFA, tamanhoDoArquivo } from './relatorios.fila';
import { concluirRelatorio, falharRelatorio, parametrosDe, type Relatorio } from './relatorios.store';

// the engine's own kinds; the areas declare theirs (modules/estoque/relatorios)
registrarGerador('LISTA_CADASTRO', gerarLista);
registrarGerador('HISTORICO_REGISTRO', gerarHistorico);

const COLUNAS = sql`id, usuario_id as "usuarioId", tipo, titulo, formato, status, mensagem_erro as "mensagemErro",
  nome_arquivo as "nomeArquivo", mime_type as "mimeType", tamanho, criado_em as "criadoEm", concluido_em as "concluidoEm"`;

interface DadosRelatorio {
  relatorioId: string;
}

async function relatorioDe(db: Database, assinanteId: number, id: string) {
  return db.withTenant(assinanteId, async (trx) => {
    const { rows } = await sql<Relatorio>`select ${COLUNAS} from relatorio where id = ${id}`.execute(trx);
    return rows[0] ? { relatorio: rows[0], parametros: await parametrosDe(trx, id) } : undefined;
  });
}

export const tarefaRelatorio = defineJob<DadosRelatorio, { tamanho: number; nomeArquivo: string } | null>({
  tipo: TIPO_TAREFA,
  fila: 'relatorio',
  async executar({ db, assinanteId, dados, progresso }) {
    await progresso(0, 3, 'Lendo os dados');
    const lido = await relatorioDe(db, assinanteId, dados.relatorioId);
    if (!lido || lido.relatorio.status !== 'PROCESSANDO') return null; // deleted or closed meanwhile
    const { relatorio, parametros } = lido;
    const arquivo = await geradorDe(relatorio.tipo)({ db, assinanteId, relatorio, parametros, progresso });
    try {
      await progresso(2, 3, 'Gravando o arquivo');
      await db.withTenant(assinanteId, async (trx) => {
        if (!(await concluirRelatorio(trx, relatorio.id, arquivo))) return;
        await criarNotificacao(
          trx,
          assinanteId,
          {
            usuarioId: relatorio.usuarioId,
            titulo: MSG_RELATORIO.prontoTitulo,
            corpo: `${relatorio.titulo} (${relatorio.formato}) está pronto para visualização.`,
            link: linkDoRelatorio(relatorio.id),
          },
          { usuarioId: null },
        );
      });
    } finally {
      await descartarArquivo(arquivo);
    }
    return { tamanho: tamanhoDoArquivo(arquivo), nomeArquivo: arquivo.nome };
  },
  async aoEncerrar({ db, assinanteId, tarefaId, status, mensagem }) {
    await db.withTenant(assinanteId, async (trx) => {
      const { rows } = await sql<{ usuarioId: number; titulo: string }>`
        select usuario_id as "usuarioId", titulo from relatorio where id = ${tarefaId}`.execute(trx);
      if (!rows[0] || !(await falharRelatorio(trx, tarefaId, mensagem))) return;
      if (status === 'CANCELADO') return; // the owner cancelled it: no notice needed
      await criarNotificacao(
        trx,
        assinanteId,
        {
          usuarioId: rows[0].usuarioId,
          titulo: MSG_RELATORIO.erroTitulo,
          corpo: `${rows[0].titulo}: ${mensagem}`,
          link: linkDoRelatorio(tarefaId),
        },
        { usuarioId: null },
      );
    });
  },
});
