/** The tenant's session settings on their domain face (administrators); audited by the backbone. */
import { comandoConfiguracaoSessao, type ConfiguracaoSessao } from '@retaguarda/domain';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';

type Ctx = ContextoDoComando<{ limiteSessoes: number | null; inatividadeMinutos: number }, Record<string, never>>;

async function gravarConfiguracao(ctx: Ctx): Promise<void> {
  const antes = await ctx.trx
    .selectFrom('configuracaoSessao')
    .select(['limiteSessoes', 'inatividadeMinutos'])
    .executeTakeFirst();
  const { limiteSessoes, inatividadeMinutos } = ctx.entrada;
  await ctx.trx
    .insertInto('configuracaoSessao')
    .values({ assinanteId: ctx.assinanteId, limiteSessoes, inatividadeMinutos })
    .onConflict((oc) => oc.column('assinanteId').doUpdateSet({ limiteSessoes, inatividadeMinutos }))
    .execute();
  ctx.auditoria = {
    entidade: 'configuracaoSessao',
    entidadeId: ctx.assinanteId,
    operacao: 'ALTERACAO',
    antes,
    depois: { limiteSessoes, inatividadeMinutos },
  };
}

export const alterarConfiguracaoSessao = defineWorkflow(comandoConfiguracaoSessao, {
  estadoInicial: () => ({}),
  passos: [gravarConfiguracao],
  resposta: (ctx): ConfiguracaoSessao => ({
    limiteSessoes: ctx.entrada.limiteSessoes,
    inatividadeMinutos: ctx.entrada.inatividadeMinutos,
  }),
});
