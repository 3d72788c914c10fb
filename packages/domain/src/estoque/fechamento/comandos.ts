/** The public faces of the stock period closing: close (permission) and reopen (administrators). */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { entradaFechamentoEstoque, entradaReaberturaEstoque, fechamentoEstoque } from './contrato';
import { MSG_FECHAMENTO } from './mensagens';

export const comandoFechamentoEstoque = defineCommand({
  nome: 'estoque.fechamento',
  caminho: '/api/v1/estoque/lojas/{id}/fechamento',
  campoDoId: 'lojaId',
  resumo: 'Fecha o estoque da loja até uma data (movimentos nessa data ou antes passam a ser recusados)',
  entidade: MSG_FECHAMENTO.entidade,
  entrada: entradaFechamentoEstoque,
  saida: fechamentoEstoque,
  acesso: { permissao: perm('FECHAMENTO_ESTOQUE', 'INCLUIR') },
  loja: { campo: 'lojaId' },
});

export const comandoReaberturaEstoque = defineCommand({
  nome: 'estoque.reabertura',
  caminho: '/api/v1/estoque/lojas/{id}/reabertura',
  campoDoId: 'lojaId',
  resumo: 'Reabre o estoque da loja: volta a data de fechamento ou a remove (somente administradores)',
  entidade: MSG_FECHAMENTO.entidade,
  entrada: entradaReaberturaEstoque,
  saida: fechamentoEstoque,
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
});
