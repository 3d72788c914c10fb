/**
 * Integration-key commands (administrators): create and revoke, on their domain faces. The key is made
 * here and shown once, in the creation answer; only its hash is stored. A key never holds a permission its
 * creator lacks, so issuing keys cannot widen anyone's rights. The audit row comes from the backbone.
 */
import { comandoCriarChave, comandoRevogarChave, falhaDeCampo, MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { randomToken, sha256, TOKEN_PREFIX } from '../../plugins/auth/tokens';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow, naoEncontrado } from '../../workflows';
import { isUniqueViolation } from './usuarios.service';

export const COLUNAS_CHAVE = [
  'id',
  'nome',
  'prefixo',
  'permissoes',
  'lojas',
  'criadaEm',
  'criadaPor',
  'ultimoUso',
  'revogadaEm',
  'revogadaPor',
] as const;

type EntradaChave = { nome: string; permissoes: string[]; lojas?: number[] | null };
interface EstadoCriacao {
  chave: string;
  linha?: Awaited<ReturnType<typeof inserir>>;
}

function conferirPermissoes(ctx: ContextoDoComando<EntradaChave, EstadoCriacao>): void {
  const alheias = ctx.entrada.permissoes.filter((p) => !ctx.auth.permissoes.has(p));
  if (alheias.length)
    throw new ApiError(
      422,
      MSG.validacao,
      alheias.map((p) => falhaDeCampo('permissoes', `você não possui ${p}.`)),
    );
}

async function conferirLojas(ctx: ContextoDoComando<EntradaChave, EstadoCriacao>): Promise<void> {
  const { lojas } = ctx.entrada;
  if (!lojas?.length) return;
  const found = await ctx.trx.selectFrom('loja').select('id').where('id', 'in', lojas).execute();
  if (found.length !== new Set(lojas).size)
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('lojas', 'loja inexistente.')]);
}

function inserir(ctx: ContextoDoComando<EntradaChave, EstadoCriacao>) {
  const { nome, permissoes, lojas } = ctx.entrada;
  const { chave } = ctx.estado;
  return ctx.trx
    .insertInto('chaveIntegracao')
    .values({
      assinanteId: ctx.assinanteId,
      nome,
      prefixo: chave.slice(0, TOKEN_PREFIX.chave.length + 6),
      chaveHash: sha256(chave),
      permissoes: [...new Set(permissoes)].sort(),
      lojas: lojas?.length ? [...new Set(lojas)].sort((a, b) => a - b) : null,
      criadaPor: ctx.usuarioId,
    })
    .returning(COLUNAS_CHAVE)
    .executeTakeFirstOrThrow();
}

async function gravarChave(ctx: ContextoDoComando<EntradaChave, EstadoCriacao>): Promise<void> {
  const linha = await inserir(ctx).catch((err) => {
    if (isUniqueViolation(err, 'chave_integracao_nome_idx'))
      throw new ApiError(409, MSG_AUTH.chaveDuplicada, [falhaDeCampo('nome', 'já está em uso.')]);
    throw err;
  });
  ctx.estado.linha = linha;
  // the audit names the key by its prefix, never the key itself
  ctx.auditoria = { entidade: 'chaveIntegracao', entidadeId: linha.id, operacao: 'INCLUSAO', depois: linha };
}

export const criarChave = defineWorkflow(comandoCriarChave, {
  estadoInicial: (): EstadoCriacao => ({ chave: randomToken(TOKEN_PREFIX.chave) }),
  passos: [conferirPermissoes, conferirLojas, gravarChave],
  resposta: (ctx) => {
    const linha = ctx.estado.linha;
    if (!linha) throw new Error('chave não gravada');
    return { ...linha, ativa: true, chave: ctx.estado.chave };
  },
});

interface EstadoRevogacao {
  linha?: { id: number; nome: string; revogadaEm: Date | null };
}

/** Revoking twice keeps the first revocation's date (and its author's is the last one's, as before). */
async function revogar(ctx: ContextoDoComando<{ id: number }, EstadoRevogacao>): Promise<void> {
  const linha = await ctx.trx
    .updateTable('chaveIntegracao')
    .set({ revogadaEm: sql`coalesce(revogada_em, now())`, revogadaPor: ctx.usuarioId })
    .where('id', '=', ctx.entrada.id)
    .returning(['id', 'nome', 'revogadaEm'])
    .executeTakeFirst();
  if (!linha) throw naoEncontrado(MSG_AUTH.chaveNaoEncontrada);
  ctx.estado.linha = linha;
  ctx.auditoria = {
    entidade: 'chaveIntegracao',
    entidadeId: linha.id,
    operacao: 'ALTERACAO',
    depois: { revogada: true },
  };
}

export const revogarChave = defineWorkflow(comandoRevogarChave, {
  estadoInicial: (): EstadoRevogacao => ({}),
  passos: [revogar],
  resposta: (ctx) => {
    const linha = ctx.estado.linha;
    if (!linha) throw new Error('chave não revogada');
    return { ...linha, message: 'Chave de integração revogada.' };
  },
});
