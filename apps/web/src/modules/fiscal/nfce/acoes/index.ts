/**
 * The SEFAZ actions on NFC-e, for the monitor's screens to mount (each takes the note(s) or the store and a
 * callback run when SEFAZ's answer is applied).
 */
export {
  AcoesNfce,
  BotaoCancelarNfce,
  BotaoConsultarNfce,
  BotaoReenviarNfce,
  type DocumentoNfceAcao,
  PERM_EDITAR_NFCE,
  usePodeEditarNfce,
} from './BotoesNfce';
export { BotaoReenviarContingencias } from './BotaoReenviarContingencias';
export { DialogoCancelarNfce } from './DialogoCancelarNfce';
export { BotaoInutilizarFaixa, DialogoInutilizarFaixa, type FaixaNfce } from './DialogoInutilizarFaixa';
export { mensagemDoFim, useAcaoNfce } from './useAcaoNfce';
