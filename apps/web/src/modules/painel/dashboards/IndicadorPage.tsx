/**
 * /dashboards/indicadores/:id — add an indicator from the catalogue to dashboard :id (or, with ?indicador=,
 * configure one): its chart (line, bar, pie, number with trend, table), size on the 12-column grid, title and
 * its own filter (period, stores, how many rows a TOP lists). Cost indicators show only to holders of
 * "Indicadores de custo e margem".
 */
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  comandoAlterarIndicador,
  comandoIncluirIndicador,
  type ChaveIndicador,
  PERIODOS_PADRAO,
  type PeriodoPadrao,
  ROTULO_PERIODO,
  ROTULO_VISUALIZACAO,
  type Visualizacao,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { aposNavegar } from '../../../servicos/navegacao/navegacao';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';
import { catalogo, lerDashboard } from './api';

const TAMANHOS = [
  { value: '3', label: '1/4 da largura' },
  { value: '4', label: '1/3 da largura' },
  { value: '6', label: 'Metade' },
  { value: '8', label: '2/3 da largura' },
  { value: '12', label: 'Largura inteira' },
];

export function IndicadorPage() {
  const { titulo } = useRotaAtual();
  const dashboardId = Number(useParams().id);
  const [busca] = useSearchParams();
  const indicadorId = busca.get('indicador') ? Number(busca.get('indicador')) : null;
  const navigate = useNavigate();
  const lojasUsuario = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const painel = useQuery({
    queryKey: ['dashboard', dashboardId],
    queryFn: () => lerDashboard(dashboardId),
    retry: false,
  });
  const defs = useQuery({ queryKey: ['painel-catalogo'], queryFn: catalogo, staleTime: 300_000 });
  const [chave, setChave] = useState<string | null>(null);
  const [vis, setVis] = useState<string>('NUMERO');
  const [tamanho, setTamanho] = useState('6');
  const [nome, setNome] = useState('');
  const [periodo, setPeriodo] = useState<string>('');
  const [lojas, setLojas] = useState<string[]>([]);
  const [limite, setLimite] = useState<number | string>('');
  const incluir = useComando(comandoIncluirIndicador);
  const alterar = useComando(comandoAlterarIndicador);
  const def = defs.data?.find((d) => d.chave === chave);

  useEffect(() => {
    const i = painel.data?.indicadores.find((x) => x.id === indicadorId);
    if (!i) return;
    setChave(i.indicador);
    setVis(i.visualizacao);
    setTamanho(String(i.tamanho));
    setNome(i.titulo ?? '');
    setPeriodo(i.filtro.periodo ?? '');
    setLojas((i.filtro.lojas ?? []).map(String));
    setLimite(i.filtro.limite ?? '');
  }, [painel.data, indicadorId]);

  function escolher(c: string) {
    setChave(c);
    setVis(defs.data?.find((d) => d.chave === c)?.padrao ?? 'NUMERO');
  }

  async function salvar(e: React.FormEvent) {
    e.preventDefault();
    if (!chave) return;
    const entrada = {
      dashboardId,
      indicador: chave as ChaveIndicador,
      visualizacao: vis as Visualizacao,
      tamanho: Number(tamanho),
      titulo: nome || null,
      filtro: {
        periodo: (periodo || null) as PeriodoPadrao | null,
        lojas: lojas.length ? lojas.map(Number) : null,
        limite: limite === '' ? null : Number(limite),
      },
    };
    try {
      if (indicadorId) await alterar.executar({ ...entrada, indicadorId });
      else await incluir.executar(entrada);
      aposNavegar({ type: 'success', title: 'Sucesso', message: `Indicador "${nome || def?.titulo}" salvo.` });
      navigate(`/dashboards/detalhes/${dashboardId}`);
    } catch (err) {
      toast(toastDeErro(err, { entidade: 'dashboard' }));
    }
  }

  if (painel.error) return <Alert color="red">Dashboard não encontrado.</Alert>;
  const disponiveis = defs.data?.filter((d) => d.permitido) ?? [];
  return (
    <form onSubmit={salvar}>
      <Stack gap="sm">
        <Title order={1} fz={22} fw={600}>
          {indicadorId ? 'Configurar indicador' : titulo}
          {painel.data ? ` — ${painel.data.nome}` : ''}
        </Title>
        <Paper withBorder p="md">
          <Radio.Group label="Indicador" value={chave} onChange={escolher} required>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs" data-cy="catalogo-indicadores">
              {disponiveis.map((d) => (
                <Radio.Card key={d.chave} value={d.chave} p="sm" radius="sm" data-cy={`catalogo-${d.chave}`}>
                  <Group wrap="nowrap" align="flex-start" gap="xs">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600} fz="sm">
                        {d.titulo}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {d.definicao}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Paper>
        {def && (
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Tipo de gráfico"
                data={def.visualizacoes.map((v) => ({ value: v, label: ROTULO_VISUALIZACAO[v as Visualizacao] }))}
                value={vis}
                onChange={(v) => v && setVis(v)}
                allowDeselect={false}
                data-cy="indicador-visualizacao"
              />
              <Select
                label="Tamanho"
                data={TAMANHOS}
                value={tamanho}
                onChange={(v) => v && setTamanho(v)}
                allowDeselect={false}
                data-cy="indicador-tamanho"
              />
              <TextInput
                label="Título (opcional)"
                placeholder={def.titulo}
                maxLength={80}
                value={nome}
                onChange={(e) => setNome(e.currentTarget.value)}
              />
              <Select
                label="Período próprio"
                data={[
                  { value: '', label: 'O do dashboard' },
                  ...PERIODOS_PADRAO.map((p) => ({ value: p, label: ROTULO_PERIODO[p] })),
                ]}
                value={periodo}
                onChange={(v) => setPeriodo(v ?? '')}
                allowDeselect={false}
              />
              <SelecaoMultipla
                label="Lojas próprias"
                placeholder="As do dashboard"
                opcoes={opcoesDeLojas(lojasUsuario)}
                valor={lojas}
                aoSalvar={setLojas}
              />
              {def.linhas === 'CATEGORIAS' && (
                <NumberInput
                  label="Linhas listadas"
                  placeholder="10"
                  min={1}
                  max={50}
                  value={limite}
                  onChange={setLimite}
                />
              )}
            </SimpleGrid>
          </Paper>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(`/dashboards/detalhes/${dashboardId}`)}>
            Cancelar
          </Button>
          <Button
            type="submit"
            disabled={!chave}
            loading={incluir.enviando || alterar.enviando}
            data-cy="indicador-salvar"
          >
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
