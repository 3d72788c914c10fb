/** Device registration parameters (domain §3, Cadastro de dispositivo): the QR token's life and the licence limit. */
import { perm } from '../permissions';
import { defineSetting } from './definir';

export const PARAMETROS_ADMINISTRATIVO = [
  defineSetting({
    chave: 'administrativo.validadeQrDispositivo',
    area: 'administrativo',
    escopo: 'assinante',
    tipo: 'minutos',
    padrao: 10,
    limites: { min: 1, max: 60 },
    permissao: { ler: [perm('CADASTRO_DISPOSITIVO')], alterar: 'administrador' },
    rotulo: 'Validade do QR de cadastro de dispositivo',
    ajuda: 'Tempo, em minutos, em que o QR gerado para cadastrar um dispositivo pode ser lido.',
  }),
  defineSetting({
    chave: 'administrativo.limiteDispositivos',
    area: 'administrativo',
    escopo: 'loja',
    tipo: 'inteiro',
    padrao: 0,
    limites: { min: 0, max: 999 },
    permissao: { ler: [perm('CADASTRO_DISPOSITIVO')], alterar: 'administrador' },
    rotulo: 'Limite de dispositivos da licença',
    ajuda: 'Quantos dispositivos ativos a loja pode ter pela licença contratada; 0 significa sem limite.',
  }),
] as const;
