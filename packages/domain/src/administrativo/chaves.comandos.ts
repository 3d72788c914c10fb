/**
 * The public faces of the integration-key commands (administrators): create (the key travels once, in the
 * answer: 201 + Location) and revoke (DELETE …/{id}, 200 with the revocation).
 */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { chaveCriada, chaveEntrada, chaveRevogada } from './chaves.contrato';

const entidade = 'chaves de integração';
const caminho = '/api/v1/administracao/chaves-integracao';

export const comandoCriarChave = defineCommand({
  nome: 'administrativo.chave-integracao.criar',
  caminho,
  resumo: 'Cria uma chave (exibida uma única vez)',
  entidade,
  entrada: chaveEntrada,
  saida: chaveCriada,
  acesso: { administrador: true },
  // the answer holds the key itself: never stored for a replay (only its hash is kept)
  idempotencia: 'nenhuma',
  criaRecurso: (c) => c.id,
  raizXml: 'ChaveIntegracao',
});

/** DELETE …/chaves-integracao/{id}: revoking twice keeps the first revocation's date. */
export const entradaRevogarChave = z.object({ id: z.number().int().positive().max(2_147_483_647) });

export const comandoRevogarChave = defineCommand({
  nome: 'administrativo.chave-integracao.revogar',
  metodo: 'DELETE',
  caminho: `${caminho}/{id}`,
  resumo: 'Revoga a chave',
  entidade,
  entrada: entradaRevogarChave,
  saida: chaveRevogada,
  acesso: { administrador: true },
  raizXml: 'ChaveIntegracao',
});
