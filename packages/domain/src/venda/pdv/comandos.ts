/**
 * The public face of the POS sales upload: one command per batch (`{cupons: [...]}`), idempotent by the
 * Idempotency-Key header (a resent batch replays its answer) and, per sale, by the cupom's own key (store +
 * caixa + sequencial): a sale resent in another batch answers DUPLICADO. A POS terminal calls it with its
 * device credential; users with VENDA_PDV INCLUIR too. Steps in apps/server modules/venda.
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { entradaVendasPdv, resultadoVendasPdv } from './contrato';
import {
  comandoDescartarSubida,
  comandoReconstruirResumos,
  comandoReprocessarCodigo,
  comandoReprocessarSubida,
} from './inconsistencias';
import { MSG_VENDA_PDV } from './mensagens';
import { comandoOperacoesCaixa } from './operacoes-caixa';

export const comandoVendasPdv = defineCommand({
  nome: 'pdv.vendas',
  caminho: '/api/v1/pdv/vendas',
  resumo: 'Recebe os cupons fiscais (vendas, devoluções) enviados pelo PDV',
  entidade: MSG_VENDA_PDV.entidade,
  entrada: entradaVendasPdv,
  saida: resultadoVendasPdv,
  acesso: { permissao: perm('VENDA_PDV', 'INCLUIR'), dispositivo: true },
  // 5 000 cupons with their NFC-e XML: far above JSON's default 5 MB
  limiteCorpo: 64 * 1024 * 1024,
  raizXml: 'VendasPdv',
});

export const COMANDOS_VENDA_PDV = [
  comandoVendasPdv,
  comandoReprocessarSubida,
  comandoReprocessarCodigo,
  comandoDescartarSubida,
  comandoReconstruirResumos,
  comandoOperacoesCaixa,
];
