/**
 * /frenteDeLoja/inconsistenciaSubidaDeVendas (domain §4 "Subida de vendas"): the pending sales per error code —
 * descrição, quantidade, valor, lojas, first and last occurrence —, filtered by store and period; a code opens
 * its transactions, and "Reprocessar todas" reprocesses the whole code by a job once the master data is fixed.
 */
import { Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { comandoReprocessarCodigo, type PendenciaSubida } from '@retaguarda/domain';
import { IconList, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useComando } from '../../lib/comando/useComando';
import { toastDeErro } from '../../lib/erros';
import { formatarData, formatarDinheiro } from '../../lib/formato';
import { toast } from '../../lib/toasts';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../servicos/sessao/store';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { useContadores } from '../plataforma/contadores/contadores.store';
import { FiltroSubidaVendas } from './FiltroSubida';
import { type FiltroSubida, listarPendenciasSubida } from './subida-vendas.api';

export function InconsistenciaSubidaVendasPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const { search } = useLocation();
  // framed by /vf (a legacy route), the query keeps full-screen mode and the frame's flag from screen to screen
  const irPara = (pathname: string) => navigate({ pathname, search });
  const qc = useQueryClient();
  const usuario = useSessao((s) => s.usuario);
  const lojas = usuario?.lojasUsuario ?? [];
  const podeEditar = usuario?.permissoes.includes('PERM_INCONSISTENCIA_EDITAR') ?? false;
  const [filtro, setFiltro] = useState<FiltroSubida>({});
  const lista = useQuery({ queryKey: ['subida-vendas', filtro], queryFn: () => listarPendenciasSubida(filtro) });
  const reprocessar = useComando(comandoReprocessarCodigo);
  const sigla = (id: number) => lojas.find((l) => l.id === id)?.sigla ?? String(id);

  const reprocessarCodigo = async (p: PendenciaSubida) => {
    try {
      const r = await reprocessar.executar({ tipoErro: p.tipoErro, lojaId: filtro.lojaId ?? undefined });
      toast({
        type: 'info',
        title: 'Reprocessamento iniciado',
        message: `${r.transacoes} transação(ões) de "${p.descricao}" em reprocessamento: acompanhe nas tarefas.`,
      });
      void qc.invalidateQueries({ queryKey: ['subida-vendas'] });
      void useContadores.getState().invalidar();
    } catch (e) {
      toast(toastDeErro(e));
    }
  };

  const colunas: ColunaTabela<PendenciaSubida>[] = [
    { id: 'descricao', titulo: 'Inconsistência', celula: (p) => <Text fz="sm">{p.descricao}</Text> },
    { id: 'quantidade', titulo: 'Quantidade', celula: (p) => String(p.quantidade) },
    { id: 'valor', titulo: 'Valor', celula: (p) => formatarDinheiro(p.valor) },
    { id: 'lojas', titulo: 'Lojas', celula: (p) => p.lojas.map(sigla).join(', ') },
    { id: 'primeira', titulo: 'Primeira ocorrência', celula: (p) => formatarData(p.primeira) },
    { id: 'ultima', titulo: 'Última ocorrência', celula: (p) => formatarData(p.ultima) },
    {
      id: 'acoes',
      titulo: 'Ações',
      tituloOculto: true,
      largura: 96,
      celula: (p) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Ver transações">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`Transações de ${p.descricao}`}
              onClick={() => irPara(`/frenteDeLoja/inconsistenciaSubidaDeVendas/${p.tipoErro}/transacoes`)}
              data-cy="ver-transacoes"
            >
              <IconList size={16} />
            </Button>
          </Tooltip>
          {podeEditar && (
            <Tooltip label="Reprocessar todas">
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Reprocessar todas de ${p.descricao}`}
                loading={reprocessar.enviando}
                onClick={() => reprocessarCodigo(p)}
                data-cy="reprocessar-codigo"
              >
                <IconRefresh size={16} />
              </Button>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Text fz="sm" c="dimmed">
        Vendas enviadas pelos PDVs que não puderam ser lançadas. Corrija o cadastro e reprocesse, ou descarte com um
        motivo.
      </Text>
      <FiltroSubidaVendas filtro={filtro} mudar={setFiltro} />
      <TabelaDados
        rotulo="Pendências da subida de vendas"
        colunas={colunas}
        itens={lista.data?.items ?? []}
        idDe={(p) => p.tipoErro}
        carregando={lista.isPending}
        aoAbrir={(p) => irPara(`/frenteDeLoja/inconsistenciaSubidaDeVendas/${p.tipoErro}/transacoes`)}
        larguraMinima={860}
        vazio={
          <Text c="dimmed" fz="sm">
            Nenhuma venda pendente.
          </Text>
        }
        dataCy="lista-subida-vendas"
        dataCyLinha="subida-vendas-linha"
      />
    </Stack>
  );
}
