/**
 * The public faces of the NFC-e actions toward SEFAZ. Each document action: PERM_MONITORAMENTO_DOCUMENTO_
 * ELETRONICO_EDITAR, the store from the body (the steps read the note in that store: 404 otherwise), 202 +
 * the job that talks to SEFAZ. The certificate and the CSC: administrators. Steps in apps/server
 * modules/fiscal (nfce-acoes.*).
 */
import { defineCommand } from '../../../comandos/definir';
import { perm } from '../../../permissions';
import {
  acaoNfceIniciada,
  certificadoNfce,
  cscNfceDefinido,
  entradaAcaoNfce,
  entradaCancelarNfce,
  entradaCertificadoNfce,
  entradaCscNfce,
  entradaInutilizarFaixa,
  entradaReenviarContingencias,
} from './contrato';
import { MSG_NFCE_ACOES as MSG } from './mensagens';

export const CAMINHO_NFCE = '/api/v1/fiscal/nfce';
const editar = { permissao: perm('MONITORAMENTO_DOCUMENTO_ELETRONICO', 'EDITAR') };

/** what every document action shares: its store from the body, 202 + the job */
const ACAO = {
  entidade: MSG.entidade,
  saida: acaoNfceIniciada,
  acesso: editar,
  loja: { campo: 'lojaId' },
  responde: 'tarefa',
} as const;

export const comandoConsultarNfce = defineCommand({
  ...ACAO,
  nome: 'fiscal.nfce-consultar',
  caminho: `${CAMINHO_NFCE}/{chave}/consulta`,
  resumo: 'Consulta a situação da NFC-e na SEFAZ (já autorizada: o status é corrigido)',
  entrada: entradaAcaoNfce,
});
export const comandoReenviarNfce = defineCommand({
  ...ACAO,
  nome: 'fiscal.nfce-reenviar',
  caminho: `${CAMINHO_NFCE}/{chave}/reenvio`,
  resumo: 'Reenvia a NFC-e rejeitada ou em contingência à SEFAZ (consulta antes: 204/539 corrigem o status)',
  entrada: entradaAcaoNfce,
});
export const comandoCancelarNfce = defineCommand({
  ...ACAO,
  nome: 'fiscal.nfce-cancelar',
  caminho: `${CAMINHO_NFCE}/{chave}/cancelamento`,
  resumo: 'Cancela a NFC-e autorizada (evento 110111) com um motivo de cancelamento, dentro do prazo da UF',
  entrada: entradaCancelarNfce,
});

export const comandoInutilizarFaixaNfce = defineCommand({
  ...ACAO,
  nome: 'fiscal.nfce-inutilizar',
  caminho: `${CAMINHO_NFCE}/inutilizacoes`,
  resumo: 'Inutiliza uma faixa de números de NFC-e nunca autorizados (série, caixa, justificativa)',
  entrada: entradaInutilizarFaixa,
});

export const comandoReenviarContingenciasNfce = defineCommand({
  ...ACAO,
  nome: 'fiscal.nfce-reenviar-contingencias',
  caminho: '/api/v1/fiscal/lojas/{lojaId}/nfce-contingencias/reenvio',
  resumo: 'Reenvia todas as NFC-e em contingência da loja (tarefa com progresso)',
  entrada: entradaReenviarContingencias,
});

/** The A1 certificate (.pfx through the upload kit; the password in X-Senha-Certificado), sealed. */
export const comandoCertificadoNfce = defineCommand({
  nome: 'fiscal.nfce-certificado',
  caminho: '/api/v1/fiscal/lojas/{lojaId}/nfce-certificado',
  resumo: 'Grava o certificado digital A1 (.pfx e senha) da loja, cifrado; responde titular e validade',
  entidade: MSG.entidadeCertificado,
  entrada: entradaCertificadoNfce,
  saida: certificadoNfce,
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
  // the body holds the certificate and its password: nothing of it is kept for a replay
  idempotencia: 'nenhuma',
});

export const comandoCscNfce = defineCommand({
  nome: 'fiscal.nfce-csc',
  caminho: '/api/v1/fiscal/lojas/{lojaId}/nfce-csc',
  resumo: 'Grava o CSC (identificador e token) da NFC-e da loja; o token fica cifrado',
  entidade: MSG.entidadeCertificado,
  entrada: entradaCscNfce,
  saida: cscNfceDefinido,
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
  idempotencia: 'nenhuma',
});

export const COMANDOS_NFCE_ACOES = [
  comandoConsultarNfce,
  comandoReenviarNfce,
  comandoCancelarNfce,
  comandoInutilizarFaixaNfce,
  comandoReenviarContingenciasNfce,
  comandoCertificadoNfce,
  comandoCscNfce,
];
