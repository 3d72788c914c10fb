/**
 * Versions and the administrator's update flow (spec §4 "Update flow", §6, §7):
 * GET /v1/versoes/atual | mais-recente | notas-de-atualizacao, POST /v1/versoes/solicitar-logout-usuarios (a command),
 * POST /v1/administracao/self-update (a command answering 202 with its job), GET its situation.
 * Active sessions live in administrativo (GET /v1/sessoes-ativas).
 */
import { notasDeAtualizacao, situacaoDaAtualizacao, versao } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows } from '../../workflows';
import { iniciarAtualizacao, ultimaAtualizacao } from './versoes.self-update';
import { ajustesDaAtualizacao } from './versoes.self-update.tarefa';
import { FonteDeVersoes, versaoAtual } from './versoes.service';
import { MSG_VERSOES, solicitarLogout } from './versoes.workflow';

export { MSG_VERSOES };

const tags = ['versões'];
const LOGADO = { access: {} };
const ADMIN = { access: { adminOnly: true, entidade: 'atualização do sistema' } };

export interface VersoesOptions {
  db: Database;
  /** Default: RELEASE_MANIFEST. UPDATE_COMMAND and UPDATE_TIMEOUT_MS are read by the update job. */
  manifesto?: string;
}

export async function versoesRoutes(api: FastifyInstance, opts: VersoesOptions): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const versoes = new FonteDeVersoes(opts.manifesto);

  app.get(
    '/v1/versoes/atual',
    { config: LOGADO, schema: { tags, summary: 'Versão em execução', response: { 200: versao } } },
    async () => versaoAtual(),
  );

  app.get(
    '/v1/versoes/mais-recente',
    { config: LOGADO, schema: { tags, summary: 'Versão mais recente publicada', response: { 200: versao } } },
    // an unreachable manifest must not break the shell: the running build is then the latest known
    async (request) =>
      versoes.maisRecente().catch((err: Error) => {
        request.log.warn({ err: err.message }, 'manifesto de versões indisponível');
        return versaoAtual();
      }),
  );

  app.get(
    '/v1/versoes/notas-de-atualizacao',
    {
      config: ADMIN,
      schema: { tags, summary: 'Notas dos builds mais novos que o atual', response: { 200: notasDeAtualizacao } },
    },
    async (request) =>
      versoes.notasPendentes().catch((err: Error) => {
        request.log.warn({ err: err.message }, 'manifesto de versões indisponível');
        return [];
      }),
  );

  montarWorkflows(api, db, [solicitarLogout, iniciarAtualizacao(versoes)]);

  app.get(
    '/v1/administracao/self-update',
    {
      config: ADMIN,
      schema: { tags, summary: 'Situação da última atualização', response: { 200: situacaoDaAtualizacao } },
    },
    async (request) => {
      const auth = authOf(request);
      const ultima = await ultimaAtualizacao(db, auth.assinanteId);
      return { disponivel: Boolean(ajustesDaAtualizacao().comando), ultima };
    },
  );
}
