/**
 * NFC-e actions toward SEFAZ (commands, 202 + the job): consult, resend, cancel, void a range, resend the
 * store's contingency notes; a lock per document (per store and série for a range). Steps in
 * nfce-acoes.passos.ts; the store's certificate and CSC in nfce-certificado.workflow.ts.
 */
import {
  comandoCancelarNfce,
  comandoConsultarNfce,
  comandoInutilizarFaixaNfce,
  comandoReenviarContingenciasNfce,
  comandoReenviarNfce,
} from '@retaguarda/domain';
import { defineWorkflow } from '../../workflows';
import {
  carregarDocumento,
  estadoAcaoNfce,
  exigirSefaz,
  exigirStatus,
  registrarAcao,
  registrarContingencias,
  registrarInutilizacao,
  respostaAcao,
  validarFaixa,
  validarMotivo,
  validarPrazo,
} from './nfce-acoes.passos';

const porDocumento = (e: { chave: string }) => `documento_nfce:${e.chave}`;

export const consultarNfce = defineWorkflow(comandoConsultarNfce, {
  lock: porDocumento,
  estadoInicial: estadoAcaoNfce,
  passos: [carregarDocumento, exigirStatus('CONSULTAR'), exigirSefaz(false), registrarAcao('CONSULTAR')],
  resposta: respostaAcao('CONSULTAR'),
});

export const reenviarNfce = defineWorkflow(comandoReenviarNfce, {
  lock: porDocumento,
  estadoInicial: estadoAcaoNfce,
  passos: [carregarDocumento, exigirStatus('REENVIAR'), exigirSefaz(true), registrarAcao('REENVIAR')],
  resposta: respostaAcao('REENVIAR'),
});

export const cancelarNfce = defineWorkflow(comandoCancelarNfce, {
  lock: porDocumento,
  estadoInicial: estadoAcaoNfce,
  passos: [
    carregarDocumento,
    exigirStatus('CANCELAR'),
    validarMotivo,
    validarPrazo,
    exigirSefaz(true),
    registrarAcao('CANCELAR'),
  ],
  resposta: respostaAcao('CANCELAR'),
});

export const inutilizarFaixaNfce = defineWorkflow(comandoInutilizarFaixaNfce, {
  lock: (e) => `inutilizacao_nfce:${e.lojaId}:${e.serie}`,
  estadoInicial: estadoAcaoNfce,
  passos: [validarFaixa, exigirSefaz(true), registrarInutilizacao],
  resposta: respostaAcao('INUTILIZAR'),
});

export const reenviarContingenciasNfce = defineWorkflow(comandoReenviarContingenciasNfce, {
  lock: (e) => `nfce-contingencias:${e.lojaId}`,
  estadoInicial: estadoAcaoNfce,
  passos: [exigirSefaz(true), registrarContingencias],
  resposta: respostaAcao('CONTINGENCIAS'),
});
