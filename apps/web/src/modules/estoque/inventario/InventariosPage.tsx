/**
 * /inventario: the inventories of the user's stores (shared list and table); a row opens its count
 * (/inventario/:id), 'Novo inventário' the register (/cadastroInventario).
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { InventarioNaLista } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import type { FiltroLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { useIrPara } from './navegar';
import { listarInventarios } from './api';
import { dataHoraLocal, ROTULO_STATUS, ROTULO_TIPO } from './rotulos';

const SEM_FILTRO: FiltroLista<Record<never, never>> = {
  chaves: [],
  daUrl: () => ({}),
  paraUrl: () => ({}),
  rsql: () => undefined,
};

export function InventariosPage() {
  const { titulo } = useRotaAtual();
  const navigate = useIrPara();
  const podeIncluir = useSessao((s) => s.usuario?.permissoes ?? []).includes('PERM_INVENTARIO_INCLUIR');
  const lista = useLista({
    chave: ['inventarios'],
    carregar: listarInventarios,
    filtro: SEM_FILTRO,
    ordemPadrao: '-id',
  });
  const colunas: ColunaTabela<InventarioNaLista>[] = [
    { id: 'id', titulo: 'Número', ordenavel: true, celula: (i) => i.id },
    { id: 'descricao', titulo: 'Descrição', celula: (i) => i.descricao },
    { id: 'loja', titulo: 'Loja', celula: (i) => i.lojaSigla ?? i.lojaId },
    { id: 'local', titulo: 'Local', celula: (i) => i.localDescricao ?? i.localId },
    { id: 'tipo', titulo: 'Tipo', celula: (i) => ROTULO_TIPO[i.tipo] },
    {
      id: 'dataReferencia',
      titulo: 'Referência',
      ordenavel: true,
      celula: (i) => dataHoraLocal(i.dataReferencia),
    },
    {
      id: 'status',
      titulo: 'Situação',
      ordenavel: true,
      celula: (i) => (
        <Badge variant="light" radius="sm" tt="none" color={ROTULO_STATUS[i.status].cor}>
          {ROTULO_STATUS[i.status].texto}
        </Badge>
      ),
    },
    { id: 'itens', titulo: 'Contados', celula: (i) => `${i.itensContados} de ${i.totalItens}` },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        {podeIncluir && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => navigate('/cadastroInventario')}
            data-cy="botao-novo"
          >
            Novo inventário
          </Button>
        )}
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo="Inventários"
        colunas={colunas}
        idDe={(i) => String(i.id)}
        aoAbrir={(i) => navigate(`/inventario/${i.id}`)}
        abrirComClique
        larguraMinima={900}
        vazio={
          <Text c="dimmed" fz="sm" data-cy="lista-vazia">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhum inventário.'}
          </Text>
        }
        dataCy="lista-inventarios"
      />
    </Stack>
  );
}
