/**
 * Fiscal deadlines of the NFC-e (domain §3, "verify per UF": a per-store parameter, defaulted to the usual
 * rule) and the certificate's expiry warning (domain §3, NFC-e settings).
 */
import { perm } from '../permissions';
import { defineSetting } from './definir';

// those who follow the electronic documents keep their deadlines
const fiscal = {
  ler: [perm('MONITORAMENTO_DOCUMENTO_ELETRONICO')],
  alterar: perm('MONITORAMENTO_DOCUMENTO_ELETRONICO', 'EDITAR'),
};

export const PARAMETROS_FISCAL = [
  defineSetting({
    chave: 'fiscal.prazoContingenciaNfce',
    area: 'fiscal',
    escopo: 'loja',
    tipo: 'horas',
    padrao: 24,
    limites: { min: 1, max: 168 },
    permissao: fiscal,
    rotulo: 'Prazo para transmitir NFC-e em contingência',
    ajuda: 'Horas, após a emissão offline, para transmitir a NFC-e à SEFAZ (em geral 24 h; confira a regra da UF).',
  }),
  defineSetting({
    chave: 'fiscal.prazoCancelamentoNfce',
    area: 'fiscal',
    escopo: 'loja',
    tipo: 'minutos',
    padrao: 30,
    limites: { min: 1, max: 1440 },
    permissao: fiscal,
    rotulo: 'Prazo para cancelar NFC-e',
    ajuda: 'Minutos, após a autorização, em que a NFC-e ainda pode ser cancelada (em geral 30; confira a regra da UF).',
  }),
  defineSetting({
    chave: 'fiscal.avisoVencimentoCertificado',
    area: 'fiscal',
    escopo: 'assinante',
    tipo: 'inteiro',
    padrao: 30,
    limites: { min: 1, max: 180 },
    permissao: fiscal,
    rotulo: 'Aviso de vencimento do certificado (dias)',
    ajuda: 'Quantos dias antes do vencimento do certificado digital A1 o sistema passa a avisar.',
  }),
  defineSetting({
    chave: 'fiscal.sefazUrlHomologacao',
    area: 'fiscal',
    escopo: 'loja',
    tipo: 'texto',
    padrao: '',
    limites: { tamanho: 300 },
    permissao: { ler: [perm('MONITORAMENTO_DOCUMENTO_ELETRONICO')], alterar: 'administrador' },
    rotulo: 'Endereço da SEFAZ (homologação)',
    ajuda:
      'Endereço base dos serviços de NFC-e da SEFAZ da UF da loja no ambiente de homologação (ex.: o simulador local).',
  }),
  defineSetting({
    chave: 'fiscal.sefazUrlProducao',
    area: 'fiscal',
    escopo: 'loja',
    tipo: 'texto',
    padrao: '',
    limites: { tamanho: 300 },
    permissao: { ler: [perm('MONITORAMENTO_DOCUMENTO_ELETRONICO')], alterar: 'administrador' },
    rotulo: 'Endereço da SEFAZ (produção)',
    ajuda: 'Endereço base dos serviços de NFC-e da SEFAZ da UF da loja no ambiente de produção.',
  }),
  defineSetting({
    chave: 'fiscal.sefazTempoLimiteSegundos',
    area: 'fiscal',
    escopo: 'assinante',
    tipo: 'inteiro',
    padrao: 30,
    limites: { min: 1, max: 120 },
    permissao: fiscal,
    rotulo: 'Tempo máximo de espera da SEFAZ (segundos)',
    ajuda: 'Sem resposta neste tempo, a tentativa é registrada como falha e repetida mais tarde.',
  }),
  defineSetting({
    chave: 'fiscal.horasAvisoNfceRejeitada',
    area: 'fiscal',
    escopo: 'assinante',
    tipo: 'horas',
    padrao: 2,
    limites: { min: 1, max: 168 },
    permissao: fiscal,
    rotulo: 'Avisar NFC-e rejeitadas há mais de (horas)',
    ajuda: 'Os usuários da loja são avisados quando ela tem NFC-e rejeitadas há mais que estas horas.',
  }),
] as const;
