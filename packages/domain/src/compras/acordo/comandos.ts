/**
 * The public faces of commercial agreements: create, edit, approve, apurar (re-runnable, one at a time per
 * agreement), register a receipt (partial too) and cancel. They span stores (`lojas[]`): the steps refuse an
 * agreement naming a store the user does not hold (403), so no face pins one store. Steps in apps/server
 * modules/compras (acordo.*).
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  acordoComercialDetalhe,
  entradaAcaoAcordo,
  entradaAcordo,
  entradaAlterarAcordo,
  entradaCancelarAcordo,
  entradaRecebimentoAcordo,
} from './contrato';
import { MSG_ACORDO as MSG } from './mensagens';

export const CAMINHO_ACORDOS = '/api/v1/compra/acordos';
const BASE = 'MONITORAMENTO_ACORDO_COMERCIAL';

export const comandoAcordo = defineCommand({
  nome: 'compra.acordo',
  caminho: CAMINHO_ACORDOS,
  resumo: 'Cadastra um acordo comercial (RASCUNHO): fornecedor ou holding, lojas, escopo, vigência, valor e metas',
  entidade: MSG.entidade,
  entrada: entradaAcordo,
  saida: acordoComercialDetalhe,
  acesso: { permissao: perm(BASE, 'INCLUIR') },
  criaRecurso: (a) => a.id,
  raizXml: 'AcordoComercial',
});

export const comandoAlterarAcordo = defineCommand({
  nome: 'compra.acordo-alterar',
  metodo: 'PUT',
  caminho: `${CAMINHO_ACORDOS}/{id}`,
  resumo: 'Altera um acordo comercial em rascunho ou vigente',
  entidade: MSG.entidade,
  entrada: entradaAlterarAcordo,
  saida: acordoComercialDetalhe,
  acesso: { permissao: perm(BASE, 'EDITAR') },
  raizXml: 'AcordoComercial',
});

export const comandoAprovarAcordo = defineCommand({
  nome: 'compra.acordo-aprovar',
  caminho: `${CAMINHO_ACORDOS}/{id}/aprovacao`,
  resumo: 'Aprova o acordo: RASCUNHO → VIGENTE',
  entidade: MSG.entidade,
  entrada: entradaAcaoAcordo,
  saida: acordoComercialDetalhe,
  acesso: { permissao: perm(BASE, 'EDITAR') },
});

export const comandoApurarAcordo = defineCommand({
  nome: 'compra.acordo-apurar',
  caminho: `${CAMINHO_ACORDOS}/{id}/apuracao`,
  resumo:
    'Apura o acordo por loja e mês: sell-in pelas notas de compra confirmadas, sell-out pelo resumo diário de vendas (refazível: os mesmos dados dão o mesmo valor)',
  entidade: MSG.entidade,
  entrada: entradaAcaoAcordo,
  saida: acordoComercialDetalhe,
  acesso: { permissao: perm(BASE, 'EDITAR') },
});

export const comandoReceberAcordo = defineCommand({
  nome: 'compra.acordo-recebimento',
  caminho: `${CAMINHO_ACORDOS}/{id}/recebimentos`,
  resumo: 'Registra um recebimento do acordo (parcial ou total; nunca acima do saldo)',
  entidade: MSG.entidade,
  entrada: entradaRecebimentoAcordo,
  saida: acordoComercialDetalhe,
  acesso: { permissao: perm(BASE, 'EDITAR') },
  raizXml: 'RecebimentoAcordo',
});

export const comandoCancelarAcordo = defineCommand({
  nome: 'compra.acordo-cancelar',
  caminho: `${CAMINHO_ACORDOS}/{id}/cancelamento`,
  resumo: 'Cancela o acordo, com o motivo (não depois de recebimentos)',
  entidade: MSG.entidade,
  entrada: entradaCancelarAcordo,
  saida: acordoComercialDetalhe,
  acesso: { permissao: perm(BASE, 'EDITAR') },
});

export const COMANDOS_ACORDO = [
  comandoAcordo,
  comandoAlterarAcordo,
  comandoAprovarAcordo,
  comandoApurarAcordo,
  comandoReceberAcordo,
  comandoCancelarAcordo,
];
