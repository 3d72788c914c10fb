/**
 * The device-registration commands: the store's QR token (shown once, never stored for a replay), the
 * registration a device posts with it (public: the token is its credential), and the status changes.
 */
import { defineCommand } from '../comandos/definir';
import { confirmacaoCarga, entradaConfirmacaoCarga, MSG_CARGA } from './carga';
import { perm } from '../permissions';
import {
  dispositivo,
  entradaRegistroDispositivo,
  entradaStatusDispositivo,
  entradaTokenDispositivo,
  MSG_DISPOSITIVO,
  registroDispositivo,
  tokenDispositivo,
} from './dispositivos.contrato';

const entidade = MSG_DISPOSITIVO.entidade;
const editar = perm('CADASTRO_DISPOSITIVO', 'EDITAR');

export const comandoTokenDispositivo = defineCommand({
  nome: 'frente-de-loja.dispositivo.token',
  caminho: '/api/v1/dispositivos/tokens',
  resumo: 'Gera o QR (token de uso único, 10 minutos) para cadastrar um dispositivo na loja',
  entidade,
  entrada: entradaTokenDispositivo,
  saida: tokenDispositivo,
  acesso: { permissao: editar },
  loja: { campo: 'lojaId' },
  // the token is a secret shown once: no answer is kept for a replay
  idempotencia: 'nenhuma',
  criaRecurso: () => null,
  raizXml: 'TokenDispositivo',
});

export const comandoRegistroDispositivo = defineCommand({
  nome: 'frente-de-loja.dispositivo.registro',
  caminho: '/api/v1/dispositivos/registro',
  resumo: 'Cadastra o dispositivo que leu o QR e emite a credencial dele (exibida uma única vez)',
  entidade,
  entrada: entradaRegistroDispositivo,
  saida: registroDispositivo,
  acesso: { publico: true },
  idempotencia: 'nenhuma',
  criaRecurso: (r) => r.dispositivoId,
  localDoRecurso: '/api/v1/dispositivos',
  raizXml: 'RegistroDispositivo',
});

const status = (acao: 'bloquear' | 'desbloquear' | 'revogar', resumo: string) =>
  defineCommand({
    nome: `frente-de-loja.dispositivo.${acao}`,
    caminho: `/api/v1/dispositivos/{id}/${acao}`,
    resumo,
    entidade,
    entrada: entradaStatusDispositivo,
    saida: dispositivo,
    acesso: { permissao: editar },
    loja: {
      recurso: 'dispositivo',
      parametro: 'id',
      colunaLoja: 'loja_id',
      naoEncontrado: MSG_DISPOSITIVO.naoEncontrado,
      foraDoEscopo: MSG_DISPOSITIVO.foraDoEscopo,
    },
    raizXml: 'Dispositivo',
  });

export const comandoBloquearDispositivo = status('bloquear', 'Bloqueia o dispositivo (a credencial é recusada)');
export const comandoDesbloquearDispositivo = status('desbloquear', 'Desbloqueia o dispositivo');
export const comandoRevogarDispositivo = status('revogar', 'Revoga a credencial do dispositivo (definitivo)');

/** POST /api/v1/pessoa/lojas/{lojaId}/cargas/confirmacao: a terminal (or the SDK) acknowledges a load. */
export const comandoConfirmarCarga = defineCommand({
  nome: 'frente-de-loja.carga.confirmar',
  caminho: '/api/v1/pessoa/lojas/{lojaId}/cargas/confirmacao',
  resumo: 'Confirma que o PDV aplicou a carga até o marcador (e a versão das funções PDV)',
  entidade: MSG_CARGA.entidade,
  entrada: entradaConfirmacaoCarga,
  saida: confirmacaoCarga,
  acesso: { permissao: perm('FUNCOES_PDV'), dispositivo: true },
  loja: { campo: 'lojaId' },
  raizXml: 'ConfirmacaoCarga',
});
