/** The public face of the average-cost recompute (administrators). */
import { defineCommand } from '../../comandos/definir';
import { entradaRecalculoCustoMedio, recalculoCustoMedio } from './contrato';
import { MSG_RECALCULO_CUSTO } from './mensagens';

export const comandoRecalculoCustoMedio = defineCommand({
  nome: 'estoque.recalculo-custo-medio',
  caminho: '/api/v1/estoque/lojas/{id}/recalculo-custo-medio',
  campoDoId: 'lojaId',
  resumo: 'Recalcula o custo médio da loja a partir de uma data, na ordem das datas (somente administradores)',
  entidade: MSG_RECALCULO_CUSTO.entidade,
  entrada: entradaRecalculoCustoMedio,
  saida: recalculoCustoMedio,
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
});
