/** The public faces of the dashboards: create, edit, delete; add, configure, remove an indicator (no permission). */
import { z } from 'zod';
import { defineCommand } from '../../comandos/definir';
import {
  dashboard,
  entradaAlterarDashboard,
  entradaAlterarIndicador,
  entradaExcluirDashboard,
  entradaExcluirIndicador,
  entradaIncluirDashboard,
  entradaIncluirIndicador,
  indicadorDashboard,
  MSG_DASHBOARD as MSG,
} from './contrato';

export const CAMINHO_DASHBOARDS = '/api/v1/painel/dashboards';
const livre = { permissao: [] } as const;

export const comandoIncluirDashboard = defineCommand({
  nome: 'painel.dashboard-incluir',
  caminho: CAMINHO_DASHBOARDS,
  resumo: 'Cria um dashboard (pessoal, ou compartilhado com grupos)',
  entidade: MSG.entidade,
  entrada: entradaIncluirDashboard,
  saida: dashboard,
  acesso: livre,
  criaRecurso: (d) => d.id,
});

export const comandoAlterarDashboard = defineCommand({
  nome: 'painel.dashboard-alterar',
  metodo: 'PUT',
  caminho: `${CAMINHO_DASHBOARDS}/{id}`,
  resumo: 'Altera nome, compartilhamento, período e lojas padrão de um dashboard (só quem o criou)',
  entidade: MSG.entidade,
  entrada: entradaAlterarDashboard,
  saida: dashboard,
  acesso: livre,
});

export const comandoExcluirDashboard = defineCommand({
  nome: 'painel.dashboard-excluir',
  metodo: 'DELETE',
  caminho: `${CAMINHO_DASHBOARDS}/{id}`,
  resumo: 'Exclui um dashboard e seus indicadores (só quem o criou)',
  entidade: MSG.entidade,
  entrada: entradaExcluirDashboard,
  saida: z.object({ id: z.number() }),
  acesso: livre,
});

export const comandoIncluirIndicador = defineCommand({
  nome: 'painel.indicador-incluir',
  caminho: `${CAMINHO_DASHBOARDS}/{dashboardId}/indicadores`,
  resumo: 'Adiciona um indicador do catálogo ao dashboard (gráfico, tamanho e filtro próprios)',
  entidade: MSG.entidade,
  entrada: entradaIncluirIndicador,
  saida: indicadorDashboard,
  acesso: livre,
  criaRecurso: (i) => i.id,
});

export const comandoAlterarIndicador = defineCommand({
  nome: 'painel.indicador-alterar',
  metodo: 'PUT',
  caminho: `${CAMINHO_DASHBOARDS}/{dashboardId}/indicadores/{indicadorId}`,
  resumo: 'Configura um indicador do dashboard',
  entidade: MSG.entidade,
  entrada: entradaAlterarIndicador,
  saida: indicadorDashboard,
  acesso: livre,
});

export const comandoExcluirIndicador = defineCommand({
  nome: 'painel.indicador-excluir',
  metodo: 'DELETE',
  caminho: `${CAMINHO_DASHBOARDS}/{dashboardId}/indicadores/{indicadorId}`,
  resumo: 'Remove um indicador do dashboard',
  entidade: MSG.entidade,
  entrada: entradaExcluirIndicador,
  saida: z.object({ id: z.number() }),
  acesso: livre,
});

export const COMANDOS_DASHBOARD = [
  comandoIncluirDashboard,
  comandoAlterarDashboard,
  comandoExcluirDashboard,
  comandoIncluirIndicador,
  comandoAlterarIndicador,
  comandoExcluirIndicador,
] as const;
