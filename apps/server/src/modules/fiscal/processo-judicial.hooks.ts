/** Processo judicial: JUDICIAL numbers must be CNJ numbers (mod 97) and are stored masked; the vara's municipality is in its UF. */
import { errosVigencia, falhaDeCampo, normalizarCnj, processoJudicial, UF_IBGE } from '@retaguarda/domain';
import { defineValidationHooks, errosLojas } from '../../registers/hooks';

export const processoJudicialHooks = defineValidationHooks(processoJudicial, async (ctx, m) => {
  const erros = errosVigencia(m.vigenciaInicio, m.vigenciaFim);
  if (m.tipo === 'JUDICIAL' && typeof m.numeroProcesso === 'string') {
    const cnj = normalizarCnj(m.numeroProcesso);
    if (cnj) ctx.value.numeroProcesso = cnj;
    else
      erros.push(
        falhaDeCampo(
          'numeroProcesso',
          'número CNJ inválido (formato NNNNNNN-DD.AAAA.J.TR.OOOO e dígito verificador módulo 97).',
        ),
      );
  }
  if (m.ufVara && m.municipioVara && UF_IBGE[m.ufVara as string] !== String(m.municipioVara).slice(0, 2)) {
    erros.push(falhaDeCampo('municipioVara', `o município ${m.municipioVara} não pertence à UF ${m.ufVara}.`));
  }
  if ('lojas' in ctx.value) erros.push(...(await errosLojas(ctx.trx, m.lojas)));
  return erros;
});
