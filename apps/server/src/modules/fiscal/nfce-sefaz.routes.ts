/**
 * NFC-e toward SEFAZ: the actions (nfce-acoes.workflow.ts), the store's CSC, and the certificate upload —
 * a scope where every body is a file (upload kit), read into the command and sealed. The .pfx is not an
 * upload kind of its own on purpose: a kind would let the general POST /api/v1/arquivos keep one in the
 * general uploads table.
 */
import { comandoCertificadoNfce } from '@retaguarda/domain';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { prepararRecebimento, receberArquivo } from '../../http/upload';
import { authOf } from '../../plugins/auth';
import { acessoDaRota, caminhoDoWorkflow, executarWorkflow, montarWorkflows } from '../../workflows';
import {
  cancelarNfce,
  consultarNfce,
  inutilizarFaixaNfce,
  reenviarContingenciasNfce,
  reenviarNfce,
} from './nfce-acoes.workflow';
import { gravarCertificadoNfce, gravarCscNfce } from './nfce-certificado.workflow';
import './nfce-sefaz.tarefas'; // declares the SEFAZ jobs
import './nfce-avisos.agenda'; // the rejected-notes and certificate-expiry warnings

/** An A1 .pfx is a few KB; 64 KB leaves room for a long chain. */
const LIMITE_PFX = 64 * 1024;

export async function nfceSefazRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [
    consultarNfce,
    reenviarNfce,
    cancelarNfce,
    inutilizarFaixaNfce,
    reenviarContingenciasNfce,
    gravarCscNfce,
  ]);

  await api.register(async (scope) => {
    await prepararRecebimento(scope, LIMITE_PFX);
    scope.withTypeProvider<ZodTypeProvider>().post(
      caminhoDoWorkflow(gravarCertificadoNfce),
      {
        config: { access: acessoDaRota(gravarCertificadoNfce), comando: gravarCertificadoNfce.nome },
        schema: {
          tags: ['fiscal'],
          summary: comandoCertificadoNfce.resumo,
          params: z.object({ lojaId: z.coerce.number().int().positive().max(2_147_483_647) }),
          headers: z.object({ 'x-senha-certificado': z.string().max(200).optional() }).passthrough(),
          response: { 200: gravarCertificadoNfce.saida },
        },
      },
      async (request, reply) => {
        const recebido = await receberArquivo(request, {
          limiteBytes: LIMITE_PFX,
          extensoes: ['.pfx', '.p12'],
          rotulo: 'certificado digital A1',
          nome: 'certificado.pfx',
        });
        try {
          const pfx = await readFile(recebido.caminho);
          const r = await executarWorkflow(db, gravarCertificadoNfce, {
            entrada: {
              lojaId: request.params.lojaId,
              senha: request.headers['x-senha-certificado'] ?? '',
              pfx: pfx.toString('base64'),
            },
            auth: authOf(request),
            requestId: request.id,
            log: request.log,
          });
          return reply
            .code(200)
            .type('application/json; charset=utf-8')
            .send(r.corpo as never);
        } finally {
          await recebido.descartar();
        }
      },
    );
  });
}
