/**
 * The POS sales upload (POST /api/v1/pdv/vendas): one command per batch, one transaction; idempotent by the
 * Idempotency-Key header (a resent batch replays its answer) and per sale by the cupom's key. 422 only when no
 * sale of the batch could be read: a batch never fails whole for one sale.
 */
import { comandoVendasPdv, MSG_VENDA_PDV } from '@retaguarda/domain';
import { defineWorkflow, recusarTudo } from '../../workflows';
import {
  conferirRecebidos,
  estadoVendasPdv,
  gravarPendentes,
  lerCupons,
  resposta,
  validarVendas,
} from './pdv-vendas.passos';
import { gravarAceitos } from './pdv-vendas.gravacao';

export const receberVendasPdv = defineWorkflow(comandoVendasPdv, {
  estadoInicial: estadoVendasPdv,
  passos: [
    lerCupons,
    (ctx) => {
      if (!ctx.estado.vendas.length && ctx.estado.resultados.every((r) => r.situacao === 'REJEITADO'))
        throw recusarTudo([
          MSG_VENDA_PDV.nenhumValido,
          ...ctx.estado.resultados.flatMap((r) => r.reasons ?? []).slice(0, 50),
        ]);
    },
    conferirRecebidos,
    validarVendas,
    gravarPendentes,
    gravarAceitos,
  ],
  resposta,
});
