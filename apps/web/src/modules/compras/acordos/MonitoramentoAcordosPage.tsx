/**
 * /acordosComerciais/monitoramento (domain §8): cards (active, to receive, overdue, received this month, apurado:
 * count and R$), the agreements of the user's stores with filters and progress towards the goal; a row opens the
 * agreement — apurações per store and month, receipts — with its actions (aprovar, apurar, registrar
 * recebimento, cancelar, editar).
 */
import { Button, Group, Paper, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type AcordoComercial,
  dataBr,
  formatarDinheiro,
  hojeNaZona,
  ROTULO_STATUS_ACORDO,
  STATUS_ACORDO,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zonaDe } from '../../../lib/datas';
import type { EstadoLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { SelecaoPesquisavel } from '../../../ui/SelecaoPesquisavel';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { listarAcordos, opcoesAcordo, painelAcordos } from './api';
import { CampoDataBr } from '../../../ui/CampoDataBr';
import { DetalheAcordo } from './DetalheAcordo';
import { FILTRO_ACORDOS, type FiltroAcordos } from './filtros';
import { SeloStatusAcordo } from './SeloStatusAcordo';
import { valorDoAcordo } from './formato';

function Cartao(p: { titulo: string; quantidade?: number; valor?: string; cor: string; cy: string }) {
  return (
    <Paper withBorder p="sm" data-cy={p.cy}>
      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
        {p.titulo}
      </Text>
      <Group justify="space-between" align="baseline" mt={4}>
        <Text fz={22} fw={700} c={p.cor}>
          {p.quantidade ?? '–'}
        </Text>
        <Text fz="sm" fw={600}>
          {p.valor === undefined ? '' : formatarDinheiro(p.valor)}
        </Text>
      </Group>
    </Paper>
  );
}

/** Money and dates in the grid never break across lines. */
const inteiro = (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{t}</span>;

export function MonitoramentoAcordosPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const usuario = useSessao((s) => s.usuario);
  const lojas = usuario?.lojasUsuario ?? [];
  const podeIncluir = (usuario?.permissoes ?? []).includes('PERM_MONITORAMENTO_ACORDO_COMERCIAL_INCLUIR');
  const [aberto, setAberto] = useState<number | null>(null);
  const hoje = hojeNaZona(zonaDe(lojas.find((l) => l.principal) ?? lojas[0]));
  const inicioDoMes = `${hoje.slice(0, 8)}01`;
  const painel = useQuery({ queryKey: ['acordos', 'painel', hoje], queryFn: () => painelAcordos(inicioDoMes, hoje) });
  const opcoes = useQuery({ queryKey: ['acordos', 'opcoes'], queryFn: opcoesAcordo, staleTime: 60_000 });
  const lista = useLista({
    chave: ['acordos', 'lista'],
    carregar: listarAcordos,
    filtro: FILTRO_ACORDOS,
    ordemPadrao: '-id',
  });
  const filtro = lista.estado;
  const mudar = (p: Partial<FiltroAcordos>) => lista.mudar(p as Partial<EstadoLista<FiltroAcordos>>);
  const atualizar = () => void qc.invalidateQueries({ queryKey: ['acordos'] });
  const p = painel.data;

  const colunas: ColunaTabela<AcordoComercial>[] = [
    { id: 'id', titulo: 'Nº', ordenavel: true, codigo: true, celula: (a) => a.numero },
    { id: 'parceiro', titulo: 'Fornecedor', celula: (a) => a.parceiro },
    {
      id: 'tipo',
      titulo: 'Tipo',
      celula: (a) => (
        <>
          {a.tipoAcordo}
          {a.descricao && (
            <Text fz="xs" c="dimmed">
              {a.descricao}
            </Text>
          )}
        </>
      ),
    },
    { id: 'comprador', titulo: 'Comprador', celula: (a) => a.comprador ?? '' },
    {
      id: 'vigenciaInicio',
      titulo: 'Vigência',
      ordenavel: true,
      celula: (a) => inteiro(`${dataBr(a.vigenciaInicio)} a ${dataBr(a.vigenciaFim)}`),
    },
    { id: 'valor', titulo: 'Valor', celula: (a) => inteiro(valorDoAcordo(a)) },
    { id: 'previsto', titulo: 'Previsto', celula: (a) => inteiro(formatarDinheiro(a.valorPrevisto)) },
    { id: 'apurado', titulo: 'Apurado', celula: (a) => inteiro(formatarDinheiro(a.valorApurado)) },
    { id: 'recebido', titulo: 'Recebido', celula: (a) => inteiro(formatarDinheiro(a.valorRecebido)) },
    { id: 'saldo', titulo: 'Saldo', celula: (a) => inteiro(formatarDinheiro(a.saldo)) },
    { id: 'dataVencimento', titulo: 'Vencimento', ordenavel: true, celula: (a) => inteiro(dataBr(a.dataVencimento)) },
    {
      id: 'meta',
      titulo: 'Meta',
      celula: (a) =>
        a.progressoMeta === null ? (
          <Text c="dimmed" fz="xs">
            sem meta
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap" w={110}>
            <Progress value={a.progressoMeta} w={60} color={a.progressoMeta >= 100 ? 'green' : 'blue'} />
            <Text fz="xs">{a.progressoMeta.toLocaleString('pt-BR')} %</Text>
          </Group>
        ),
    },
    { id: 'status', titulo: 'Status', celula: (a) => <SeloStatusAcordo status={a.status} /> },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        {podeIncluir && (
          <Button onClick={() => navigate('/acordosComerciais/cadastroAcordosComerciais')} data-cy="acordo-novo">
            Novo acordo
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" data-cy="acordo-cartoes">
        <Cartao titulo="Ativos" {...p?.ativos} cor="blue" cy="cartao-ativos" />
        <Cartao titulo="A receber" {...p?.aReceber} cor="orange" cy="cartao-a-receber" />
        <Cartao titulo="Vencidos" {...p?.vencidos} cor="red" cy="cartao-vencidos" />
        <Cartao titulo="Recebidos no mês" {...p?.recebidosNoPeriodo} cor="green" cy="cartao-recebidos" />
        <Cartao titulo="Apurado" {...p?.apurado} cor="indigo" cy="cartao-apurado" />
      </SimpleGrid>
      <Group gap="sm" align="flex-end" data-cy="filtros-acordos">
        <Select
          label="Status"
          placeholder="Todos"
          clearable
          w={170}
          data={STATUS_ACORDO.map((s) => ({ value: s, label: ROTULO_STATUS_ACORDO[s] }))}
          value={filtro.status || null}
          onChange={(v) => mudar({ status: v ?? '' })}
        />
        <div style={{ width: 260 }}>
          <SelecaoPesquisavel
            label="Fornecedor"
            placeholder="Todos"
            tamanho="sm"
            tamanhoPagina={15}
            opcoes={(opcoes.data?.fornecedores ?? []).map((f) => ({ value: String(f.id), label: f.descricao }))}
            valor={filtro.fornecedorId || null}
            aoMudar={(v) => mudar({ fornecedorId: v ?? '' })}
            data-cy="filtro-fornecedor"
          />
        </div>
        <Select
          label="Tipo"
          placeholder="Todos"
          clearable
          w={200}
          data={(opcoes.data?.tipos ?? []).map((t) => ({ value: String(t.id), label: t.descricao }))}
          value={filtro.tipoAcordoId || null}
          onChange={(v) => mudar({ tipoAcordoId: v ?? '' })}
        />
        <Select
          label="Loja"
          placeholder="Todas"
          clearable
          w={200}
          data={opcoesDeLojas(lojas)}
          value={filtro.lojaId || null}
          onChange={(v) => mudar({ lojaId: v ?? '' })}
        />
        <CampoDataBr label="Vigente de" w={140} valor={filtro.de} mudar={(v) => mudar({ de: v })} />
        <CampoDataBr label="até" w={140} valor={filtro.ate} mudar={(v) => mudar({ ate: v })} />
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo="Acordos comerciais"
        colunas={colunas}
        idDe={(a) => String(a.id)}
        aoAbrir={(a) => setAberto(a.id)}
        abrirComClique
        larguraMinima={1200}
        vazio={
          <Text c="dimmed" fz="sm">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhum acordo comercial.'}
          </Text>
        }
        dataCy="lista-acordos"
      />
      {aberto !== null && (
        <DetalheAcordo id={aberto} hoje={hoje} aoFechar={() => setAberto(null)} aoMudar={atualizar} />
      )}
    </Stack>
  );
}
