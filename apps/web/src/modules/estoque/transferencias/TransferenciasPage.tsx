/**
 * /estoque/transferencias: the transfers of the user's stores (sent or to receive) with filters by status,
 * store and period; 'Nova transferência' opens the form; a row opens the transfer — to receive it when it
 * is in transit to one of the user's stores, or to cancel it from the origin.
 */
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  dataBr,
  ROTULO_STATUS_TRANSFERENCIA,
  STATUS_TRANSFERENCIA,
  type StatusTransferencia,
  type TransferenciaEstoque,
} from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { useParametroDeAcao } from '../../../lib/useParametroDeAcao';
import type { EstadoLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { listarTransferencias } from './api';
import { FILTRO_TRANSFERENCIAS, type FiltroTransferencias } from './filtros';
import { TransferenciaDetalhe } from './TransferenciaDetalhe';
import { TransferenciaFormulario } from './TransferenciaFormulario';
import { opcoesDeLojas } from '../../../registers/contexto';

const COR: Record<StatusTransferencia, string> = {
  EM_TRANSITO: 'blue',
  RECEBIDA: 'green',
  RECEBIDA_COM_DIVERGENCIA: 'orange',
  CANCELADA: 'gray',
};

export function TransferenciasPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const permissoes = usuario?.permissoes ?? [];
  const lojas = usuario?.lojasUsuario ?? [];
  const minhas = new Set(lojas.map((l) => l.id));
  const podeIncluir = permissoes.includes('PERM_TRANSFERENCIA_ESTOQUE_INCLUIR');
  const podeReceber = (t: { lojaDestinoId: number }) =>
    permissoes.includes('PERM_TRANSFERENCIA_ESTOQUE_EDITAR') && minhas.has(t.lojaDestinoId);
  const podeCancelar = (t: { lojaOrigemId: number }) =>
    permissoes.includes('PERM_TRANSFERENCIA_ESTOQUE_EXCLUIR') && minhas.has(t.lojaOrigemId);
  const [novo, setNovo] = useState(false);
  // Ctrl+K's 'Nova transferência'
  useParametroDeAcao('novo', () => {
    if (podeIncluir) setNovo(true);
    return undefined;
  });
  const [aberta, setAberta] = useState<number | null>(null);
  const qc = useQueryClient();
  const atualizar = () => {
    void qc.invalidateQueries({ queryKey: ['transferencias-estoque'] });
    void qc.invalidateQueries({ queryKey: ['transferencia'] });
  };
  const lista = useLista({
    chave: ['transferencias-estoque'],
    carregar: listarTransferencias,
    filtro: FILTRO_TRANSFERENCIAS,
    ordemPadrao: '-id',
  });
  const filtro = lista.estado;
  const mudar = (p: Partial<FiltroTransferencias>) => lista.mudar(p as Partial<EstadoLista<FiltroTransferencias>>);
  const [periodo, setPeriodo] = useState({ de: filtro.de, ate: filtro.ate });

  const colunas: ColunaTabela<TransferenciaEstoque>[] = [
    { id: 'id', titulo: 'Número', ordenavel: true, codigo: true, celula: (t) => t.id },
    { id: 'data', titulo: 'Data', ordenavel: true, celula: (t) => dataBr(t.data) },
    {
      id: 'status',
      titulo: 'Status',
      ordenavel: true,
      celula: (t) => (
        <Badge variant="light" radius="sm" tt="none" color={COR[t.status]} data-cy="transferencia-status">
          {ROTULO_STATUS_TRANSFERENCIA[t.status]}
        </Badge>
      ),
    },
    { id: 'origem', titulo: 'Origem', celula: (t) => `${t.lojaOrigemSigla} · ${t.localOrigemDescricao}` },
    { id: 'destino', titulo: 'Destino', celula: (t) => `${t.lojaDestinoSigla} · ${t.localDestinoDescricao}` },
    { id: 'itens', titulo: 'Itens', celula: (t) => t.quantidadeItens },
    {
      id: 'dataRecebimento',
      titulo: 'Recebida em',
      ordenavel: true,
      celula: (t) => (t.dataRecebimento ? dataBr(t.dataRecebimento) : ''),
    },
    {
      id: 'acao',
      titulo: 'Ação',
      tituloOculto: true,
      celula: (t) =>
        t.status === 'EM_TRANSITO' && podeReceber(t) ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={(e) => {
              e.stopPropagation();
              setAberta(t.id);
            }}
            data-cy="transferencia-receber"
          >
            Receber
          </Button>
        ) : null,
    },
  ];

  if (novo)
    return (
      <Stack gap="sm">
        <Title order={1} fz={22} fw={600}>
          Nova transferência
        </Title>
        <TransferenciaFormulario
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
            Nova transferência
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" data-cy="filtros-transferencias">
        <Select
          label="Status"
          placeholder="Todos"
          clearable
          w={220}
          data={STATUS_TRANSFERENCIA.map((s) => ({ value: s, label: ROTULO_STATUS_TRANSFERENCIA[s] }))}
          value={filtro.status || null}
          onChange={(v) => mudar({ status: (v ?? '') as StatusTransferencia | '' })}
          data-cy="filtro-status"
        />
        <Select
          label="Loja (origem ou destino)"
          placeholder="Todas as minhas lojas"
          clearable
          w={240}
          data={opcoesDeLojas(lojas)}
          value={filtro.lojaId || null}
          onChange={(v) => mudar({ lojaId: v ?? '' })}
          data-cy="filtro-loja"
        />
        {(['de', 'ate'] as const).map((k) => (
          <TextInput
            key={k}
            label={k === 'de' ? 'De' : 'Até'}
            placeholder="dd/mm/aaaa"
            w={130}
            value={periodo[k]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setPeriodo((p) => ({ ...p, [k]: v }));
            }}
            onBlur={() => mudar({ [k]: periodo[k] })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') mudar({ [k]: periodo[k] });
            }}
            data-cy={`filtro-${k}`}
          />
        ))}
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo="Transferências de estoque"
        colunas={colunas}
        idDe={(t) => String(t.id)}
        aoAbrir={(t) => setAberta(t.id)}
        abrirComClique
        larguraMinima={860}
        vazio={
          <Text c="dimmed" fz="sm" data-cy="lista-vazia">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhuma transferência.'}
          </Text>
        }
        dataCy="lista-transferencias"
      />
      {aberta !== null && (
        <TransferenciaDetalhe
          id={aberta}
          podeReceber={podeReceber}
          podeCancelar={podeCancelar}
          aoFechar={() => setAberta(null)}
          aoMudar={atualizar}
        />
      )}
    </Stack>
  );
}
