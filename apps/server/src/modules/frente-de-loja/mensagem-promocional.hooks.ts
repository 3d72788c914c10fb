/** Mensagem promocional: coupon text, time window, validity and stores. */
import { errosHorario, errosTextoCupom, errosVigencia, mensagemPromocional } from '@retaguarda/domain';
import { defineValidationHooks, errosLojas } from '../../registers/hooks';

export const mensagemPromocionalHooks = defineValidationHooks(mensagemPromocional, async (ctx, m) => {
  const erros = [
    ...errosTextoCupom(m.texto),
    ...errosHorario(m.horaInicio, m.horaFim),
    ...errosVigencia(m.vigenciaInicio, m.vigenciaFim),
  ];
  if ('lojas' in ctx.value) erros.push(...(await errosLojas(ctx.trx, m.lojas)));
  return erros;
});
