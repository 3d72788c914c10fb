/**
 * /planoPagamento (domain.md §2.1, franchise only): the plans in tabs Compra | Venda (default Compra). Each tab
 * is the plan register's list (search, Situação, paging, order, activate/inactivate, delete) limited to its
 * operation; its page, order and search are kept per tab while the user stays on the plan screens and reset
 * on leaving them (./estado.ts). Novo and a row open the cadastro with the tab's operation.
 */
import { Button, Group, Kbd, Stack, Tabs, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { registerByKey } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toastDeErro } from '../../../lib/erros';
import { useLista } from '../../../lib/lista/useLista';
import { toast } from '../../../lib/toasts';
import { atualizar, caminhoApi, listar, obter, type Registro } from '../../../registers/api';
import { filtroDoRegistro } from '../../../registers/consulta';
import { BarraFiltros } from '../../../registers/lista/BarraFiltros';
import { ConfirmarExclusao } from '../../../registers/lista/ConfirmarExclusao';
import { acoesDoRegistro, useColunasRegistro } from '../../../registers/lista/colunas';
import { usePermissoes } from '../../../registers/permissoes';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { EstadoVazio } from '../../../ui/tabela/EstadoVazio';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import { type OperacaoTela, operacaoDe, useEstadoPlanos, useReiniciarAoSair } from './estado';

const DEF = registerByKey('planoPagamento')!;
const BASE = caminhoApi(DEF);
const FILTRO = filtroDoRegistro(DEF);

/** The list's query without the tab (`operacao`), as kept per tab. */
function semOperacao(p: URLSearchParams): string {
  const q = new URLSearchParams(p);
  q.delete('operacao');
  return q.toString();
}

export function PlanosPagamentoPage() {
  useReiniciarAoSair();
  const [params, setParams] = useSearchParams();
  const { operacao: guardada, consulta, definirOperacao, guardarConsulta } = useEstadoPlanos();
  const operacao: OperacaoTela = params.has('operacao') ? operacaoDe(params.get('operacao')) : guardada;

  // entering bare (menu, back from the cadastro) reopens the tab and its page, order and search
  const restaurado = useRef(false);
  useEffect(() => {
    if (restaurado.current) return;
    restaurado.current = true;
    if (!params.has('operacao') && (guardada !== 'COMPRA' || consulta[guardada]))
      setParams(new URLSearchParams(`operacao=${guardada.toLowerCase()}&${consulta[guardada]}`), { replace: true });
  });
  useEffect(() => {
    if (!restaurado.current) return;
    definirOperacao(operacao);
    guardarConsulta(operacao, semOperacao(params));
  }, [operacao, params, definirOperacao, guardarConsulta]);

  const trocar = (v: string | null) => {
    const nova = operacaoDe(v);
    if (nova === operacao) return;
    guardarConsulta(operacao, semOperacao(params));
    definirOperacao(nova);
    const q = useEstadoPlanos.getState().consulta[nova];
    setParams(new URLSearchParams(`operacao=${nova.toLowerCase()}${q ? `&${q}` : ''}`));
  };

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        Plano de pagamento
      </Title>
      <Tabs value={operacao} onChange={trocar} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="COMPRA" data-cy="aba-compra">
            Compra
          </Tabs.Tab>
          <Tabs.Tab value="VENDA" data-cy="aba-venda">
            Venda
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ListaDaOperacao key={operacao} operacao={operacao} />
    </Stack>
  );
}

function ListaDaOperacao({ operacao }: { operacao: OperacaoTela }) {
  const navigate = useNavigate();
  const permissoes = usePermissoes(DEF);
  // the cadastro opens for the plan's or the store condition's writers (spec §2.4)
  const abreCadastro = usePermissao([
    'PERM_PLANO_PAGAMENTO_INCLUIR',
    'PERM_PLANO_PAGAMENTO_EDITAR',
    'PERM_CONDICAO_PAGAMENTO_LOJA_INCLUIR',
    'PERM_CONDICAO_PAGAMENTO_LOJA_EDITAR',
  ]);
  const [excluindo, setExcluindo] = useState<Registro | null>(null);
  const lista = useLista({
    chave: ['registros', BASE, operacao],
    carregar: (p, signal) => {
      const q = new URLSearchParams(p);
      const busca = q.get('q');
      q.set('q', busca ? `(${busca});operacao==${operacao}` : `operacao==${operacao}`);
      return listar(BASE, q, signal);
    },
    filtro: FILTRO,
    ordemPadrao: DEF.list.defaultSort,
  });
  const colunas = useColunasRegistro(DEF, lista.itens);
  const abrir = (item?: Registro) => {
    if (!abreCadastro) return;
    navigate(`/planoPagamento/cadastro/${item ? `${String(item.id)}/` : ''}${operacao.toLowerCase()}`);
  };
  const alternarAtivo = async (item: Registro) => {
    try {
      const atual = await obter(BASE, String(item.id));
      const ativo = atual.ativo === false;
      await atualizar(BASE, String(item.id), { ...atual, ativo });
      toast({ type: 'success', title: 'Sucesso', message: ativo ? 'Plano ativado.' : 'Plano inativado.' });
      await lista.recarregar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: DEF.label.plural }));
    }
  };
  const { estado, mudar } = lista;
  const filtrando = !!estado.busca || estado.situacao !== 'todos';
  useHotkeys([['alt+N', () => permissoes.incluir && abrir()]]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <BarraFiltros def={DEF} estado={estado} mudar={mudar} />
        <Tooltip label={permissoes.incluir ? 'Incluir um novo plano' : 'Você não tem permissão para incluir.'}>
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            rightSection={<Kbd size="xs">Alt+N</Kbd>}
            disabled={!permissoes.incluir}
            onClick={() => abrir()}
            data-cy="botao-novo"
          >
            Novo
          </Button>
        </Tooltip>
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo={`Planos de pagamento de ${operacao === 'COMPRA' ? 'compra' : 'venda'}`}
        colunas={colunas}
        aoAbrir={abrir}
        acoes={acoesDoRegistro(DEF, permissoes, {
          aoAbrir: abrir,
          aoAlternarAtivo: alternarAtivo,
          aoExcluir: setExcluindo,
        })}
        vazio={
          <EstadoVazio
            titulo="Nenhum plano encontrado."
            texto={filtrando ? 'Nenhum plano atende à pesquisa e aos filtros informados.' : 'Ainda não há planos aqui.'}
            aoLimpar={filtrando ? () => mudar({ busca: '', situacao: 'todos' }) : undefined}
          />
        }
        dataCy="tabela-registros"
        dataCyLinha="linha-registro"
      />
      <ConfirmarExclusao
        def={DEF}
        base={BASE}
        item={excluindo}
        rotulo={excluindo ? String(excluindo.descricao ?? excluindo.id) : ''}
        podeInativar={permissoes.editar}
        aoFechar={() => setExcluindo(null)}
        aoExcluido={lista.recarregar}
        aoInativar={alternarAtivo}
      />
    </Stack>
  );
}
