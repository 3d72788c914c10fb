/**
 * /inconsistenciasTributarias: the open inconsistencies per type (what detection finds now; the header
 * total leaves SEM_CEST out, a warning) and the lots (list contract), with the way to a new lot and to
 * the finalization of the lots in analysis.
 */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconPlus } from '@tabler/icons-react';
import { type LoteInconsistencia, ROTULO_TIPO, type StatusLote, type TipoInconsistencia } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import type { FiltroLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { formatarDataHora } from '../../../lib/formato';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { useContadores } from '../../plataforma/contadores/contadores.store';
import { contagem, listarLotes } from './api';
import { contagem as porExtenso } from '../../../ui/plural';

const SEM_FILTRO: FiltroLista<Record<never, never>> = {
  chaves: [],
  daUrl: () => ({}),
  paraUrl: () => ({}),
  rsql: () => undefined,
};
export const COR_STATUS: Record<StatusLote, string> = {
  RASCUNHO: 'gray',
  EM_ANALISE: 'blue',
  FINALIZADO: 'green',
  CANCELADO: 'red',
};
export const TEXTO_STATUS: Record<StatusLote, string> = {
  RASCUNHO: 'Rascunho',
  EM_ANALISE: 'Em análise',
  FINALIZADO: 'Finalizado',
  CANCELADO: 'Cancelado',
};
const CADASTRO = '/inconsistenciasTributarias/cadastroInconsistencias';
const FINALIZACAO = '/inconsistenciasTributarias/finalizacaoInconsitencias';

export function InconsistenciasPage() {
  const { titulo } = useRotaAtual();
  const navegar = useNavigate();
  const permissoes = useSessao((s) => s.usuario?.permissoes) ?? [];
  const podeIncluir = permissoes.includes('PERM_LOTE_INCONSISTENCIA_PRODUTO_INCLUIR');
  const contadores = useQuery({ queryKey: ['inconsistencias-contagem'], queryFn: contagem });
  const lista = useLista({
    chave: ['lotes-inconsistencia'],
    carregar: listarLotes,
    filtro: SEM_FILTRO,
    ordemPadrao: '-id',
  });
  const porTipo = (contadores.data?.items ?? []).filter((i) => i.tipoInconsistencia !== 'SEM_CENARIO_FISCAL');
  const total = porTipo.filter((i) => i.tipoInconsistencia !== 'SEM_CEST').reduce((s, i) => s + i.quantidade, 0);
  // the Painel's card links here: a fresher figure read here makes its stored one stale (issue #27.2)
  const lido = contadores.isSuccess ? total : null;
  const lidoEm = contadores.dataUpdatedAt;
  useEffect(() => {
    if (lidoEm && lido !== null) useContadores.getState().conferir('produto', lido);
  }, [lido, lidoEm]);

  const abrir = (l: LoteInconsistencia) => {
    if (l.status === 'RASCUNHO') navegar(`${CADASTRO}?lote=${l.id}&etapa=2`);
    else navegar(`${FINALIZACAO}?lote=${l.id}`);
  };
  const colunas: ColunaTabela<LoteInconsistencia>[] = [
    { id: 'id', titulo: 'Lote', ordenavel: true, codigo: true, celula: (l) => l.id },
    { id: 'descricao', titulo: 'Descrição', ordenavel: true, celula: (l) => l.descricao },
    { id: 'tipo', titulo: 'Tipo', celula: (l) => ROTULO_TIPO[l.tipoInconsistencia] },
    { id: 'criadoEm', titulo: 'Criado em', ordenavel: true, celula: (l) => formatarDataHora(l.criadoEm) },
    { id: 'usuario', titulo: 'Usuário', celula: (l) => l.usuario ?? '' },
    {
      id: 'status',
      titulo: 'Status',
      ordenavel: true,
      celula: (l) => (
        <Badge variant="light" radius="sm" tt="none" color={COR_STATUS[l.status]} data-cy={`status-lote-${l.id}`}>
          {TEXTO_STATUS[l.status]}
        </Badge>
      ),
    },
    { id: 'produtos', titulo: 'Produtos', celula: (l) => l.quantidadeProdutos },
    { id: 'corrigidos', titulo: 'Corrigidos', celula: (l) => l.quantidadeCorrigidos },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconChecks size={16} />}
            onClick={() => navegar(FINALIZACAO)}
            data-cy="botao-finalizacao"
          >
            Finalizar lotes
          </Button>
          {podeIncluir && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navegar(CADASTRO)} data-cy="botao-novo">
              Novo lote
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="sm" p="sm" data-cy="contadores-inconsistencias">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Inconsistências abertas</Text>
          <Text fz="sm" c="dimmed" data-cy="total-inconsistencias">
            Total (sem CEST fica de fora, é um aviso): {total.toLocaleString('pt-BR')}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs">
          {porTipo.map((i) => (
            <Paper
              key={i.tipoInconsistencia}
              withBorder
              radius="sm"
              p="xs"
              data-cy={`contador-${i.tipoInconsistencia}`}
            >
              <Text fz="xs" c="dimmed">
                {ROTULO_TIPO[i.tipoInconsistencia as TipoInconsistencia] ?? i.tipoInconsistencia}
              </Text>
              <Text fz="lg" fw={700} data-cy="quantidade">
                {i.quantidade.toLocaleString('pt-BR')}
              </Text>
              <Text fz="xs" c="dimmed">
                {porExtenso(i.produtos, 'produto', 'produtos')}
              </Text>
            </Paper>
          ))}
          {!porTipo.length && !contadores.isLoading && (
            <Text fz="sm" c="dimmed">
              Nenhuma inconsistência aberta.
            </Text>
          )}
        </SimpleGrid>
      </Paper>
      <TabelaDados
        {...lista.tabela}
        rotulo="Lotes de inconsistências"
        colunas={colunas}
        idDe={(l) => String(l.id)}
        aoAbrir={abrir}
        abrirComClique
        larguraMinima={820}
        vazio={
          <Text c="dimmed" fz="sm" data-cy="lista-vazia">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhum lote de inconsistências.'}
          </Text>
        }
        dataCy="lista-lotes"
      />
    </Stack>
  );
}
