/**
 * /estoque/ajustes: the adjustments of the user's stores (shared list and table, names beside the ids as the
 * server gives them), a row opens the read-only document (AjusteDetalhe) and, on 'Novo ajuste', the
 * adjustment form with its item grid.
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type AjusteEstoqueNaLista, dataBr } from '@retaguarda/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { useParametroDeAcao } from '../../../lib/useParametroDeAcao';
import type { FiltroLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { formatarDataHora } from '../../../lib/formato';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { listarAjustes } from '../api';
import { AjusteDetalhe } from './AjusteDetalhe';
import { AjusteFormulario } from './AjusteFormulario';

const SEM_FILTRO: FiltroLista<Record<never, never>> = {
  chaves: [],
  daUrl: () => ({}),
  paraUrl: () => ({}),
  rsql: () => undefined,
};

export function AjustesPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const podeIncluir = usuario?.permissoes.includes('PERM_AJUSTE_ESTOQUE_INCLUIR') ?? false;
  const lojas = usuario?.lojasUsuario ?? [];
  const [novo, setNovo] = useState(false);
  const [aberto, setAberto] = useState<number | null>(null);
  // Ctrl+K's 'Novo ajuste de estoque'
  useParametroDeAcao('novo', () => {
    if (podeIncluir) setNovo(true);
    return undefined;
  });
  const qc = useQueryClient();
  const lista = useLista({
    chave: ['ajustes-estoque'],
    carregar: listarAjustes,
    filtro: SEM_FILTRO,
    ordemPadrao: '-id',
  });
  const loja = (a: AjusteEstoqueNaLista) => {
    const l = lojas.find((x) => x.id === a.lojaId);
    return l?.fantasia ? `${a.lojaSigla ?? l.sigla} - ${l.fantasia}` : (a.lojaSigla ?? String(a.lojaId));
  };

  const colunas: ColunaTabela<AjusteEstoqueNaLista>[] = [
    { id: 'id', titulo: 'Número', ordenavel: true, celula: (a) => a.id },
    { id: 'dataDaMovimentacao', titulo: 'Data', ordenavel: true, celula: (a) => dataBr(a.dataDaMovimentacao) },
    { id: 'loja', titulo: 'Loja', celula: loja },
    { id: 'local', titulo: 'Local', celula: (a) => a.localDescricao ?? a.localId },
    { id: 'tipo', titulo: 'Tipo de ajuste', celula: (a) => a.tipoDeAjusteDescricao ?? a.tipoDeAjusteId },
    {
      id: 'operacao',
      titulo: 'Operação',
      celula: (a) => (
        <Badge variant="light" radius="sm" tt="none" color={a.tipoDeOperacao === 'ENTRADA' ? 'green' : 'orange'}>
          {a.tipoDeOperacao === 'ENTRADA' ? 'Entrada' : 'Saída'}
        </Badge>
      ),
    },
    { id: 'itens', titulo: 'Itens', celula: (a) => a.quantidadeItens },
    { id: 'observacao', titulo: 'Observação', celula: (a) => a.observacao ?? '' },
    { id: 'criadoEm', titulo: 'Incluído em', celula: (a) => formatarDataHora(a.criadoEm) },
    { id: 'usuario', titulo: 'Usuário', celula: (a) => a.usuarioNome ?? '' },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {novo ? 'Novo ajuste de estoque' : titulo}
        </Title>
        {!novo && podeIncluir && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo(true)} data-cy="botao-novo">
            Novo ajuste
          </Button>
        )}
      </Group>
      {novo ? (
        <AjusteFormulario
          lojas={lojas}
          aoVoltar={() => setNovo(false)}
          aoSalvar={() => qc.invalidateQueries({ queryKey: ['ajustes-estoque'] })}
        />
      ) : (
        <TabelaDados
          {...lista.tabela}
          rotulo="Ajustes de estoque"
          colunas={colunas}
          idDe={(a) => String(a.id)}
          aoAbrir={(a) => setAberto(a.id)}
          abrirComClique
          larguraMinima={960}
          vazio={
            <Text c="dimmed" fz="sm" data-cy="lista-vazia">
              {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhum ajuste de estoque.'}
            </Text>
          }
          dataCy="lista-ajustes"
        />
      )}
      {aberto !== null && <AjusteDetalhe id={aberto} aoFechar={() => setAberto(null)} />}
    </Stack>
  );
}
