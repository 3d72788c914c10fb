/** The public face of the demo history on demand (administrators of a demo tenant): 202 + its job. */
import { defineCommand } from '../comandos/definir';
import { entradaHistoricoDemo, historicoDemoIniciado } from './demo-historico.contrato';

export const comandoHistoricoDemo = defineCommand({
  nome: 'plataforma.demo.historico',
  caminho: '/api/v1/plataforma/demo/historico',
  resumo: 'Gera um histórico maior de movimentos de estoque de demonstração (tarefa com progresso)',
  entidade: 'histórico de demonstração',
  entrada: entradaHistoricoDemo,
  saida: historicoDemoIniciado,
  acesso: { administrador: true },
  responde: 'tarefa',
  raizXml: 'HistoricoDemo',
});
