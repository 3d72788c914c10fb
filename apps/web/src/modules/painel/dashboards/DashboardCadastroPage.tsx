/**
 * /dashboards/cadastro/:id? — a dashboard's name, whether it is personal or shared with groups, and its default
 * period and stores (the viewer's filter starts from them).
 */
import { Button, Checkbox, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  comandoAlterarDashboard,
  comandoIncluirDashboard,
  PERIODOS_PADRAO,
  type PeriodoPadrao,
  ROTULO_PERIODO,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { aposNavegar } from '../../../servicos/navegacao/navegacao';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';
import { gruposParaCompartilhar, lerDashboard } from './api';

export function DashboardCadastroPage() {
  const { titulo } = useRotaAtual();
  const parametro = useParams().id;
  const id = parametro ? Number(parametro) : null;
  const navigate = useNavigate();
  const lojasUsuario = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const salvo = useQuery({ queryKey: ['dashboard', id], queryFn: () => lerDashboard(id!), enabled: id !== null });
  const grupos = useQuery({ queryKey: ['painel-grupos'], queryFn: gruposParaCompartilhar, staleTime: 60_000 });
  const [nome, setNome] = useState('');
  const [periodo, setPeriodo] = useState<PeriodoPadrao>('ULTIMOS_7_DIAS');
  const [lojas, setLojas] = useState<string[]>([]);
  const [compartilhado, setCompartilhado] = useState(false);
  const [comGrupos, setComGrupos] = useState<string[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const incluir = useComando(comandoIncluirDashboard);
  const alterar = useComando(comandoAlterarDashboard);

  useEffect(() => {
    const d = salvo.data;
    if (!d) return;
    setNome(d.nome);
    setPeriodo(d.periodoPadrao as PeriodoPadrao);
    setLojas((d.lojas ?? []).map(String));
    setCompartilhado(d.compartilhado);
    setComGrupos(d.grupos.map(String));
  }, [salvo.data]);

  async function salvar(e: React.FormEvent) {
    e.preventDefault();
    if (!nome.trim()) return setErro('Informe o nome.');
    const entrada = {
      nome,
      periodoPadrao: periodo,
      lojas: lojas.length ? lojas.map(Number) : null,
      compartilhado,
      grupos: compartilhado ? comGrupos.map(Number) : [],
    };
    try {
      const d =
        id === null
          ? await incluir.executar(entrada)
          : await alterar.executar({ ...entrada, id, versao: salvo.data?.versao ?? null });
      aposNavegar({ type: 'success', title: 'Sucesso', message: `Dashboard "${d.nome}" salvo.` });
      navigate(`/dashboards/detalhes/${d.id}`);
    } catch (err) {
      toast(toastDeErro(err, { entidade: 'dashboard' }));
    }
  }

  return (
    <form onSubmit={salvar}>
      <Stack gap="sm" maw={640}>
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TextInput
              label="Nome"
              required
              maxLength={80}
              value={nome}
              onChange={(e) => {
                setNome(e.currentTarget.value);
                setErro(null);
              }}
              error={erro}
              data-autofocus
              autoFocus
              data-cy="dashboard-nome"
            />
            <Select
              label="Período padrão"
              data={PERIODOS_PADRAO.map((p) => ({ value: p, label: ROTULO_PERIODO[p] }))}
              value={periodo}
              onChange={(p) => p && setPeriodo(p as PeriodoPadrao)}
              allowDeselect={false}
              data-cy="dashboard-periodo"
            />
            <SelecaoMultipla
              label="Lojas padrão"
              placeholder="Todas as lojas de quem vê"
              opcoes={opcoesDeLojas(lojasUsuario)}
              valor={lojas}
              aoSalvar={setLojas}
              data-cy="dashboard-lojas"
            />
            <Checkbox
              label="Compartilhar com grupos de usuários"
              checked={compartilhado}
              onChange={(e) => setCompartilhado(e.currentTarget.checked)}
              data-cy="dashboard-compartilhado"
            />
            {compartilhado && (
              <SelecaoMultipla
                label="Grupos"
                opcoes={(grupos.data ?? []).map((g) => ({ value: String(g.id), label: g.nome }))}
                valor={comGrupos}
                aoSalvar={setComGrupos}
                data-cy="dashboard-grupos"
              />
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(id ? `/dashboards/detalhes/${id}` : '/dashboards')}>
            Cancelar
          </Button>
          <Button type="submit" loading={incluir.enviando || alterar.enviando} data-cy="dashboard-salvar">
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
