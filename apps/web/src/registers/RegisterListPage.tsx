/**
 * The list screen of any register (issue 5 "List screen"): everything comes from its declaration
 * and the route table; state lives in the URL after the #.
 */
import { Button, Group, Kbd, Menu, Paper, Progress, Stack, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { RegisterDef } from '@retaguarda/domain';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSessao } from '../app/session/store';
import { BotaoImprimir } from '../modules/relatorios/BotoesRelatorio';
import { useRotaAtual } from '../app/shell/useRotaAtual';
import { toast } from '../app/toasts/store';
import { toastDeErro } from '../lib/erros';
import { atualizar, caminhoApi, exportar, listar, obter, type Registro } from './api';
import { comTotalLimitado, parametrosApi, proximaOrdem } from './consulta';
import { rotuloDe } from './fields/rotulos';
import { BarraFiltros } from './lista/BarraFiltros';
import { ConfirmarExclusao } from './lista/ConfirmarExclusao';
import { Rodape } from './lista/Rodape';
import { TabelaRegistros } from './lista/TabelaRegistros';
import { urlDoFormulario, usePermissoes } from './permissoes';
import { RegisterFormPage } from './RegisterFormPage';
import { useEstadoLista } from './useEstadoLista';

export function RegisterListPage({ def }: { def: RegisterDef }) {
  const { estado, mudar, params, setParams } = useEstadoLista(def);
  const registro = params.get('registro');
  if (registro !== null) {
    // replace: the browser's back button does not reopen a form that was already left
    const voltar = () =>
      setParams(
        (p) => {
          const prox = new URLSearchParams(p);
          prox.delete('registro');
          return prox;
        },
        { replace: true },
      );
    return (
      <RegisterFormPage
        def={def}
        id={registro === 'novo' || registro === '' ? undefined : registro}
        aoVoltar={voltar}
      />
    );
  }
  return <Lista def={def} estado={estado} mudar={mudar} setParams={setParams} />;
}

type PropsLista = Pick<ReturnType<typeof useEstadoLista>, 'estado' | 'mudar' | 'setParams'> & { def: RegisterDef };

function Lista({ def, estado, mudar, setParams }: PropsLista) {
  const { titulo } = useRotaAtual();
  const rotaParams = useParams();
  const base = caminhoApi(def, rotaParams);
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const permissoes = usePermissoes(def);
  const concedidas = useSessao((s) => s.usuario?.permissoes ?? []);
  const [excluindo, setExcluindo] = useState<Registro | null>(null);
  const [exportando, setExportando] = useState<'xlsx' | 'csv' | null>(null);
  const apiParams = parametrosApi(def, estado);
  // a broad filter on a big table answers "mais de 10.000" at once instead of counting every match;
  // 'Contar todos' asks for the exact count of the current filter (until the filter changes)
  const filtro = apiParams.toString();
  const [contarFiltro, setContarFiltro] = useState<string | null>(null);
  const contarTodos = contarFiltro === filtro;

  const { data, isFetching, isPending } = useQuery({
    queryKey: ['registros', base, filtro, contarTodos],
    queryFn: ({ signal }) => listar(base, contarTodos ? apiParams : comTotalLimitado(apiParams), signal),
    placeholderData: keepPreviousData,
  });

  const abrir = (item?: Registro) => {
    const id = item ? String(item.id) : undefined;
    const url = urlDoFormulario(def, concedidas, id);
    if (url) {
      navigate(url, { state: { voltar: `${location.pathname}${location.search}` } });
      return;
    }
    setParams((p) => {
      const prox = new URLSearchParams(p);
      prox.set('registro', id ?? 'novo');
      return prox;
    });
  };

  const recarregar = () => qc.invalidateQueries({ queryKey: ['registros', base] });

  const alternarAtivo = async (item: Registro) => {
    try {
      const atual = await obter(base, String(item.id));
      const ativo = atual.ativo === false;
      await atualizar(base, String(item.id), { ...atual, ativo });
      toast({ type: 'success', title: 'Sucesso', message: ativo ? 'Registro ativado.' : 'Registro inativado.' });
      await recarregar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: def.label.plural }));
    }
  };

  const baixar = async (formato: 'xlsx' | 'csv') => {
    setExportando(formato);
    try {
      await exportar(base, apiParams, formato, def.label.plural);
    } catch (e) {
      toast(toastDeErro(e, { entidade: def.label.plural }));
    } finally {
      setExportando(null);
    }
  };

  const podeNovo = permissoes.incluir;
  useHotkeys([['alt+N', () => podeNovo && abrir()]]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Group gap="xs">
          <BotaoImprimir base={base} params={apiParams} entidade={def.label.plural} />
          <Menu position="bottom-end" shadow="md" width={180}>
            <Menu.Target>
              <Button
                variant="default"
                size="sm"
                rightSection={<IconChevronDown size={14} />}
                loading={exportando !== null}
                data-cy="exportar"
              >
                Exportar
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileSpreadsheet size={16} />}
                onClick={() => baixar('xlsx')}
                data-cy="exportar-xlsx"
              >
                Excel (.xlsx)
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFileTypeCsv size={16} />}
                onClick={() => baixar('csv')}
                data-cy="exportar-csv"
              >
                CSV (.csv)
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {def.canCreate !== false && (
            <Tooltip label={podeNovo ? 'Incluir um novo cadastro' : 'Você não tem permissão para incluir.'}>
              <Button
                size="sm"
                leftSection={<IconPlus size={16} />}
                rightSection={<Kbd size="xs">Alt+N</Kbd>}
                disabled={!podeNovo}
                onClick={() => abrir()}
                data-cy="botao-novo"
              >
                Novo
              </Button>
            </Tooltip>
          )}
        </Group>
      </Group>
      <BarraFiltros def={def} estado={estado} mudar={mudar} />
      <Paper withBorder radius="sm" pos="relative">
        {exportando && <Progress value={100} animated size={3} radius={0} aria-label="Exportando" />}
        {isFetching && !isPending && !exportando && (
          <Progress value={100} animated size={2} radius={0} aria-label="Carregando" />
        )}
        <TabelaRegistros
          def={def}
          itens={data?.items ?? []}
          carregando={isPending}
          tamanho={estado.tamanho}
          ordem={estado.ordem}
          permissoes={permissoes}
          aoOrdenar={(campo) => mudar({ ordem: proximaOrdem(estado.ordem, campo, def.list.defaultSort) })}
          aoAbrir={abrir}
          aoAlternarAtivo={alternarAtivo}
          aoExcluir={setExcluindo}
          aoLimparFiltros={
            estado.busca || estado.situacao !== 'todos' || estado.lojas.length
              ? () => mudar({ busca: '', situacao: 'todos', lojas: [] })
              : undefined
          }
        />
        <Rodape
          total={data?.total ?? 0}
          limitado={data?.totalLimitado === true}
          aoContar={() => setContarFiltro(filtro)}
          pagina={estado.pagina}
          tamanho={estado.tamanho}
          aoMudarPagina={(pagina) => mudar({ pagina })}
          aoMudarTamanho={(tamanho) => mudar({ tamanho })}
        />
      </Paper>
      <ConfirmarExclusao
        def={def}
        base={base}
        item={excluindo}
        rotulo={excluindo ? rotuloDe(def, excluindo) : ''}
        podeInativar={permissoes.editar}
        aoFechar={() => setExcluindo(null)}
        aoExcluido={recarregar}
        aoInativar={alternarAtivo}
      />
    </Stack>
  );
}
