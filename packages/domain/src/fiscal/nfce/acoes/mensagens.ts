import { MIN_JUSTIFICATIVA_SEFAZ } from '../../../financeiro/regras';

const dataHora = (d: Date) =>
  d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export const MSG_NFCE_ACOES = {
  entidade: 'documentos eletrônicos (NFC-e)',
  entidadeCertificado: 'certificado digital da loja',
  chaveInvalida: 'a chave de acesso tem 44 dígitos.',
  chaveDigito: 'a chave de acesso tem o dígito verificador errado.',
  naoEncontrada: 'NFC-e não encontrada nesta loja.',
  statusNaoPermite: (acao: string, status: string) => `Não é possível ${acao} uma NFC-e com status ${status}.`,
  justificativaCurta: `a justificativa precisa de ao menos ${MIN_JUSTIFICATIVA_SEFAZ} caracteres (exigência da SEFAZ).`,
  motivoNaoEncontrado: 'motivo de cancelamento não encontrado ou inativo.',
  motivoNaoNfce: 'o motivo escolhido não se aplica ao cancelamento de NFC-e (aplicação CUPOM_NFCE).',
  /** `doEnvio`: the POS did not say when SEFAZ authorised it, so the deadline counted from its upload */
  foraDoPrazo: (minutos: number, doEnvio = false) =>
    doEnvio
      ? `O prazo para cancelar esta NFC-e (${minutos} minutos após a autorização) já terminou: o PDV não informou a hora da autorização, e o prazo foi contado do envio da nota pelo PDV.`
      : `O prazo para cancelar esta NFC-e (${minutos} minutos após a autorização) já terminou.`,
  faixaInvertida: 'o número final deve ser maior ou igual ao inicial.',
  faixaGrande: (n: number) => `a faixa pode ter no máximo ${n.toLocaleString('pt-BR')} números.`,
  faixaComAutorizadas: (numeros: number[]) =>
    `A faixa contém números de NFC-e já autorizadas ou em contingência (${numeros.slice(0, 10).join(', ')}${
      numeros.length > 10 ? '…' : ''
    }): só números nunca autorizados podem ser inutilizados.`,
  faixaJaInutilizada: 'Esta faixa (ou parte dela) já foi inutilizada ou está sendo inutilizada.',
  bloqueadaConsumoIndevido: (ate: Date) =>
    `A SEFAZ bloqueou esta loja por consumo indevido (656) até ${dataHora(ate)}; tente depois.`,
  semCertificado: 'A loja não tem certificado digital A1 cadastrado.',
  semContingencias: 'A loja não tem NFC-e em contingência para reenviar.',
  senhaAusente: 'informe a senha do certificado (cabeçalho X-Senha-Certificado).',
  senhaErrada: 'A senha do certificado está errada ou o arquivo não é um certificado A1 (.pfx) válido.',
  naoA1: 'O arquivo não traz a chave privada e o certificado de um A1 (.pfx).',
  vencido: (d: string) => `O certificado venceu em ${d}.`,
  aindaNaoValido: (d: string) => `O certificado só é válido a partir de ${d}.`,
  avisoVencimento: (dias: number, d: string) => `O certificado vence em ${dias} dia(s) (${d}).`,
  certificadoGravado: 'Certificado digital gravado.',
  cscGravado: 'CSC da NFC-e gravado.',
  iniciada: {
    CONSULTAR: 'Consulta à SEFAZ iniciada.',
    REENVIAR: 'Reenvio à SEFAZ iniciado (a nota é consultada antes).',
    CANCELAR: 'Cancelamento enviado à SEFAZ.',
    INUTILIZAR: 'Inutilização da faixa enviada à SEFAZ.',
    CONTINGENCIAS: 'Reenvio das NFC-e em contingência da loja iniciado.',
  },
  titulo: {
    CONSULTAR: (n: string) => `Consulta da NFC-e ${n}`,
    REENVIAR: (n: string) => `Reenvio da NFC-e ${n}`,
    CANCELAR: (n: string) => `Cancelamento da NFC-e ${n}`,
    INUTILIZAR: (s: number, i: number, f: number) => `Inutilização da série ${s}, números ${i} a ${f}`,
    CONTINGENCIAS: (sigla: string) => `Reenvio das NFC-e em contingência de ${sigla}`,
  },
  semResposta: (s: number) => `A SEFAZ não respondeu em ${s} segundos.`,
  semConexao: 'Não foi possível conectar à SEFAZ.',
  avisoRejeitadas: (sigla: string, n: number, horas: number) =>
    `${sigla}: ${n} NFC-e rejeitada(s) há mais de ${horas} hora(s)`,
  avisoCertificado: (sigla: string, d: string) => `${sigla}: o certificado digital A1 vence em ${d}`,
} as const;
