/** Funções PDV, the store list (domain §4): POS terminals, active functions, supervisor ones, version, pending, last sync. */
import { Badge, Button, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ResumoFuncoesPdvLoja } from '@retaguarda/domain';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatarDataHora } from '../../lib/formato';
import { rotuloLoja } from '../../registers/contexto';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../servicos/sessao/store';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { listarFuncoesPdv } from './funcoes-pdv.api';

export function FuncoesPdvPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const lojas = useSessao((s) => s.usuario?.lojasUsuario) ?? [];
  const lista = useQuery({ queryKey: ['funcoes-pdv'], queryFn: listarFuncoesPdv });
  const nomeDa = (id: number) => {
    const l = lojas.find((x) => x.id === id);
    return l ? rotuloLoja(l) : String(id);
  };
  const colunas: ColunaTabela<ResumoFuncoesPdvLoja>[] = [
    { id: 'loja', titulo: 'Loja', celula: (r) => <Text fz="sm">{nomeDa(r.lojaId)}</Text> },
    { id: 'pdvs', titulo: 'Nº de PDVs', celula: (r) => String(r.pdvs) },
    { id: 'ativas', titulo: 'Funções ativas', celula: (r) => String(r.funcoesAtivas) },
    { id: 'supervisor', titulo: 'Exigem supervisor', celula: (r) => String(r.exigemSupervisor) },
    { id: 'versao', titulo: 'Versão', celula: (r) => (r.versao ? String(r.versao) : 'Padrão') },
    {
      id: 'pendentes',
      titulo: 'Sincronização',
      celula: (r) =>
        r.pendentes ? (
          <Badge color="orange" variant="light" tt="none" data-cy="pendentes">
            {r.pendentes} PDV(s) pendente(s) de sincronização
          </Badge>
        ) : (
          <Badge color="green" variant="light" tt="none" data-cy="pendentes">
            Sincronizado
          </Badge>
        ),
    },
    { id: 'ultima', titulo: 'Última sincronização', celula: (r) => formatarDataHora(r.ultimaSincronizacao) || '—' },
    {
      id: 'acoes',
      titulo: 'Ações',
      tituloOculto: true,
      largura: 56,
      celula: (r) => (
        <Tooltip label="Editar funções">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={`Editar funções de ${nomeDa(r.lojaId)}`}
            onClick={() => navigate(`/funcoesPDV/editarAcesso/${r.lojaId}`)}
            data-cy="editar-funcoes"
          >
            <IconPencil size={16} />
          </Button>
        </Tooltip>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Text fz="sm" c="dimmed">
        O que cada perfil pode fazer nos PDVs de cada loja. Uma alteração fica pendente até cada PDV sincronizar.
      </Text>
      <TabelaDados
        rotulo="Funções PDV por loja"
        colunas={colunas}
        itens={lista.data?.items ?? []}
        carregando={lista.isPending}
        larguraMinima={860}
        vazio={
          <Text c="dimmed" fz="sm">
            Nenhuma loja disponível.
          </Text>
        }
        dataCy="lista-funcoes-pdv"
        dataCyLinha="funcoes-pdv-linha"
      />
    </Stack>
  );
}
