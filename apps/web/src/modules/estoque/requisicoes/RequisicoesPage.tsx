/**
 * /estoque/requisicoes: the requisitions of the user's stores (asked for, or asked of them) with filters by
 * status and store; 'Nova requisição' opens the form on the shared item grid; a row opens the requisition
 * with the moves the user may make (approve, transfer, receive, cancel).
 */
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  dataBr,
  type RequisicaoEstoque,
  ROTULO_STATUS_REQUISICAO,
  STATUS_REQUISICAO,
  type StatusRequisicao,
} from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EstadoLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { useParametroDeAcao } from '../../../lib/useParametroDeAcao';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { listarRequisicoes } from './api';
import { FILTRO_REQUISICOES, type FiltroRequisicoes } from './filtros';
import { type PodeNaRequisicao, RequisicaoDetalhe } from './RequisicaoDetalhe';
import { RequisicaoFormulario } from './RequisicaoFormulario';

const COR: Record<StatusRequisicao, string> = {
  ABERTA: 'yellow',
  APROVADA: 'cyan',
  TRANSFERIDA: 'blue',
  RECEBIDA: 'green',
  CANCELADA: 'gray',
};

export function RequisicoesPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const permissoes = usuario?.permissoes ?? [];
  const lojas = usuario?.lojasUsuario ?? [];
  const minhas = new Set(lojas.map((l) => l.id));
  const tem = (verbo: string) => permissoes.includes(`PERM_REQUISICAO_ESTOQUE_${verbo}` as never);
  const podeIncluir = tem('INCLUIR');
  const pode: PodeNaRequisicao = {
    naOrigem: (r) => tem('EDITAR') && minhas.has(r.lojaOrigemId),
    receber: (r) => tem('EDITAR') && minhas.has(r.lojaDestinoId),
    cancelar: (r) => tem('EXCLUIR') && minhas.has(r.lojaDestinoId),
  };
  const [novo, setNovo] = useState(false);
  useParametroDeAcao('novo', () => {
    if (podeIncluir) setNovo(true);
    return undefined;
  });
  const [aberta, setAberta] = useState<number | null>(null);
  const qc = useQueryClient();
  const atualizar = () => {
    void qc.invalidateQueries({ queryKey: ['requisicoes-estoque'] });
    void qc.invalidateQueries({ queryKey: ['requisicao'] });
  };
  const lista = useLista({
    chave: ['requisicoes-estoque'],
    carregar: listarRequisicoes,
    filtro: FILTRO_REQUISICOES,
    ordemPadrao: '-id',
  });
  const filtro = lista.estado;
  const mudar = (p: Partial<FiltroRequisicoes>) => lista.mudar(p as Partial<EstadoLista<FiltroRequisicoes>>);

  const colunas: ColunaTabela<RequisicaoEstoque>[] = [
    { id: 'id', titulo: 'Número', ordenavel: true, codigo: true, celula: (r) => r.id },
    {
      id: 'status',
      titulo: 'Status',
      ordenavel: true,
      celula: (r) => (
        <Badge variant="light" radius="sm" tt="none" color={COR[r.status]} data-cy="requisicao-status">
          {ROTULO_STATUS_REQUISICAO[r.status]}
        </Badge>
      ),
    },
    { id: 'destino', titulo: 'Requisitante', celula: (r) => `${r.lojaDestinoSigla} · ${r.localDestinoDescricao}` },
    { id: 'origem', titulo: 'Origem', celula: (r) => `${r.lojaOrigemSigla} · ${r.localOrigemDescricao}` },
    { id: 'motivo', titulo: 'Motivo', celula: (r) => r.motivoDescricao },
    { id: 'itens', titulo: 'Itens', celula: (r) => r.quantidadeItens },
    { id: 'criadoEm', titulo: 'Aberta em', celula: (r) => dataBr(String(r.criadoEm).slice(0, 10)) },
    {
      id: 'dataTransferencia',
      titulo: 'Transferida em',
      ordenavel: true,
      celula: (r) => (r.dataTransferencia ? dataBr(r.dataTransferencia) : ''),
    },
  ];

  if (novo)
    return (
      <Stack gap="sm">
        <Title order={1} fz={22} fw={600}>
          Nova requisição
        </Title>
        <RequisicaoFormulario
          lojas={lojas}
          aoVoltar={() => setNovo(false)}
          aoSalvar={() => {
            atualizar();
            setNovo(false);
          }}
        />
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        {podeIncluir && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo(true)} data-cy="botao-novo">
            Nova requisição
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" data-cy="filtros-requisicoes">
        <Select
          label="Status"
          placeholder="Todos"
          clearable
          w={220}
          data={STATUS_REQUISICAO.map((s) => ({ value: s, label: ROTULO_STATUS_REQUISICAO[s] }))}
          value={filtro.status || null}
          onChange={(v) => mudar({ status: (v ?? '') as StatusRequisicao | '' })}
          data-cy="filtro-status"
        />
        <Select
          label="Loja (requisitante ou origem)"
          placeholder="Todas as minhas lojas"
          clearable
          w={260}
          data={opcoesDeLojas(lojas)}
          value={filtro.lojaId || null}
          onChange={(v) => mudar({ lojaId: v ?? '' })}
          data-cy="filtro-loja"
        />
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo="Requisições de estoque"
        colunas={colunas}
        idDe={(r) => String(r.id)}
        aoAbrir={(r) => setAberta(r.id)}
        abrirComClique
        larguraMinima={900}
        vazio={
          <Text c="dimmed" fz="sm" data-cy="lista-vazia">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhuma requisição.'}
          </Text>
        }
        dataCy="lista-requisicoes"
      />
      {aberta !== null && (
        <RequisicaoDetalhe id={aberta} pode={pode} aoFechar={() => setAberta(null)} aoMudar={atualizar} />
      )}
    </Stack>
  );
}
