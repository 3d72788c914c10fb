/**
 * The list screen of any register (spec "List screen"): everything comes from its declaration
 * and the route table; state lives in the URL after the #.
 */
import { Button, Group, Kbd, Menu, Stack, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { RegisterDef } from '@retaguarda/domain';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type SetURLSearchParams, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useRotaAtual } from '../servicos/navegacao/useRotaAtual';
import { toast } from '../lib/toasts';
import { toastDeErro } from '../lib/erros';
import { useLista } from '../lib/lista/useLista';
import { digitando } from '../ui/digitando';
import { EstadoVazio } from '../ui/tabela/EstadoVazio';
import { TabelaDados } from '../ui/tabela/TabelaDados';
import { atualizar, caminhoApi, exportar, listar, obter, type Registro } from './api';
import { filtroDoRegistro } from './consulta';
import { rotuloDe } from './fields/rotulos';
import { useContextoCadastros } from './contexto';
import { BarraFiltros } from './lista/BarraFiltros';
import { ConfirmarExclusao } from './lista/ConfirmarExclusao';
import { acoesDoRegistro, useColunasRegistro } from './lista/colunas';
import { urlDoFormulario, usePermissoes } from './permissoes';
import { RegisterFormPage } from './RegisterFormPage';

export function RegisterListPage({ def }: { def: RegisterDef }) {
  const [params, setParams] = useSearchParams();
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
  return <Lista def={def} setParams={setParams} />;
}

function Lista({ def, setParams }: { def: RegisterDef; setParams: SetURLSearchParams }) {
  const { titulo } = useRotaAtual();
  const rotaParams = useParams();
  const base = caminhoApi(def, rotaParams);
  const navigate = useNavigate();
  const location = useLocation();
  const permissoes = usePermissoes(def);
  const { permissoes: concedidas, AcaoDaLista, useColunasExtras } = useContextoCadastros();
  const [excluindo, setExcluindo] = useState<Registro | null>(null);
  const [exportando, setExportando] = useState<'xlsx' | 'csv' | null>(null);
  const lista = useLista({
    chave: ['registros', base],
    carregar: (p, signal) => listar(base, p, signal),
    filtro: filtroDoRegistro(def),
    ordemPadrao: def.list.defaultSort,
    // a broad filter on a big table answers "mais de 10.000" at once instead of counting every match
    totalLimitado: true,
  });
  const { estado, mudar, params: apiParams } = lista;
  const extras = useColunasExtras?.(def.key, lista.itens);
  const colunas = [...useColunasRegistro(def, lista.itens), ...(extras?.colunas ?? [])];

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

  const recarregar = lista.recarregar;

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
  // the empty state offers to clear the search and filters when there are any
  const filtrando = !!estado.busca || estado.situacao !== 'todos' || estado.lojas.length > 0;
  useHotkeys([['alt+N', () => podeNovo && abrir()]]);
  useSetasLevamALista();

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Group gap="xs">
          {AcaoDaLista && <AcaoDaLista base={base} params={apiParams} entidade={def.label.plural} />}
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
          {extras?.seletor}
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
      <TabelaDados
        {...lista.tabela}
        rotulo={def.label.plural}
        colunas={colunas}
        emAndamento={exportando ? 'Exportando' : undefined}
        aoAbrir={abrir}
        acoes={acoesDoRegistro(def, permissoes, {
          aoAbrir: abrir,
          aoAlternarAtivo: alternarAtivo,
          aoExcluir: setExcluindo,
        })}
        vazio={
          <EstadoVazio
            titulo="Nenhum registro encontrado."
            texto={
              filtrando ? 'Nenhum cadastro atende à pesquisa e aos filtros informados.' : 'Ainda não há cadastros aqui.'
            }
            aoLimpar={filtrando ? () => mudar({ busca: '', situacao: 'todos', lojas: [] }) : undefined}
          />
        }
        dataCy="tabela-registros"
        dataCyLinha="linha-registro"
      />
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

/**
 * ↓ / ↑ from the search field, or from nowhere in particular, go into the table: it takes the focus
 * and moves its selection (the table's own keys do the rest: arrows, Enter opens).
 */
function useSetasLevamALista() {
  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey) return;
      const alvo = e.target as HTMLElement | null;
      const daBusca = !!alvo?.closest?.('[data-atalho-busca]');
      if (!daBusca && (digitando(alvo) || alvo?.closest?.('table, [role="dialog"], [role="menu"]'))) return;
      const tabela = document.querySelector<HTMLElement>('[data-cy=tabela-registros]');
      if (!tabela) return;
      e.preventDefault();
      tabela.focus();
      tabela.dispatchEvent(new KeyboardEvent('keydown', { key: e.key, bubbles: true }));
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, []);
}
