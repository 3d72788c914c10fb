/**
 * /compras/conferencias (domain §8): the receiving counts of the user's stores. A row opens the count: the
 * invoice's products with invoiced and counted quantities; a code (EAN, internal code or the supplier's
 * reference — a scanner types it and Enter) and a quantity add to the count; 'Fechar conferência' records
 * the divergences and posts the entry of what was counted.
 */
import { Badge, Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  type ConferenciaCompra,
  comandoContarProduto,
  comandoFecharConferencia,
  dataBr,
  STATUS_CONFERENCIA,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useComando } from '../../lib/comando/useComando';
import { toastDeErro } from '../../lib/erros';
import type { EstadoLista } from '../../lib/lista/estado';
import { useLista } from '../../lib/lista/useLista';
import { toast } from '../../lib/toasts';
import { opcoesDeLojas } from '../../registers/contexto';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../servicos/sessao/store';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { listarConferencias, obterConferencia } from './api';
import { type FiltroCompras, filtroCompras } from './filtros';

const FILTRO = filtroCompras(STATUS_CONFERENCIA);
const ROTULO: Record<ConferenciaCompra['status'], string> = {
  ABERTA: 'Aberta',
  FECHADA: 'Fechada',
  CANCELADA: 'Cancelada',
};
const qtd = (v: string) => Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 });

export function ConferenciasPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const lojas = usuario?.lojasUsuario ?? [];
  const podeContar = (usuario?.permissoes ?? []).includes('PERM_CONFERENCIA_COMPRA_EDITAR');
  const qc = useQueryClient();
  const [aberta, setAberta] = useState<number | null>(null);
  const [codigo, setCodigo] = useState('');
  const [quantidade, setQuantidade] = useState<number | string>(1);
  const contar = useComando(comandoContarProduto);
  const fechar = useComando(comandoFecharConferencia);
  const lista = useLista({
    chave: ['conferencias-compra'],
    carregar: listarConferencias,
    filtro: FILTRO,
    ordemPadrao: '-id',
  });
  const filtro = lista.estado;
  const mudar = (p: Partial<FiltroCompras>) => lista.mudar(p as Partial<EstadoLista<FiltroCompras>>);
  const detalhe = useQuery({
    queryKey: ['conferencia-compra', aberta],
    queryFn: () => obterConferencia(aberta!),
    enabled: aberta !== null,
  });
  const atualizar = () => {
    void qc.invalidateQueries({ queryKey: ['conferencias-compra'] });
    void qc.invalidateQueries({ queryKey: ['conferencia-compra'] });
  };
  async function contarCodigo() {
    if (!aberta || !codigo.trim()) return;
    try {
      await contar.executar({ id: aberta, codigo: codigo.trim(), quantidade: String(quantidade || 1) });
      setCodigo('');
      setQuantidade(1);
      atualizar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'conferências de compra' }));
    }
  }
  async function fecharAberta() {
    if (!aberta) return;
    try {
      const c = await fechar.executar({ id: aberta });
      toast({
        type: 'success',
        title: 'Sucesso',
        message: c.divergencias
          ? `Conferência fechada com ${c.divergencias} divergência(s): entrada lançada com as quantidades contadas.`
          : 'Conferência fechada sem divergências: entrada lançada.',
      });
      atualizar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'conferências de compra' }));
    }
  }

  const colunas: ColunaTabela<ConferenciaCompra>[] = [
    { id: 'id', titulo: 'Número', ordenavel: true, codigo: true, celula: (c) => c.id },
    { id: 'nota', titulo: 'Nota', celula: (c) => `${c.numeroNota}-${c.serie}` },
    { id: 'fornecedor', titulo: 'Fornecedor', celula: (c) => c.fornecedor },
    { id: 'loja', titulo: 'Loja', celula: (c) => lojas.find((l) => l.id === c.lojaId)?.sigla ?? c.lojaId },
    { id: 'abertaEm', titulo: 'Aberta em', celula: (c) => dataBr(String(c.abertaEm).slice(0, 10)) },
    { id: 'divergencias', titulo: 'Divergências', celula: (c) => (c.status === 'FECHADA' ? c.divergencias : '') },
    {
      id: 'status',
      titulo: 'Status',
      celula: (c) => (
        <Badge variant="light" radius="sm" tt="none" color={c.status === 'ABERTA' ? 'orange' : 'green'}>
          {ROTULO[c.status]}
        </Badge>
      ),
    },
  ];
  const c = detalhe.data;

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Group gap="sm" align="flex-end">
        <Select
          label="Status"
          placeholder="Todos"
          clearable
          w={200}
          data={STATUS_CONFERENCIA.map((s) => ({ value: s, label: ROTULO[s] }))}
          value={filtro.status || null}
          onChange={(v) => mudar({ status: v ?? '' })}
        />
        <Select
          label="Loja"
          placeholder="Todas as minhas lojas"
          clearable
          w={240}
          data={opcoesDeLojas(lojas)}
          value={filtro.lojaId || null}
          onChange={(v) => mudar({ lojaId: v ?? '' })}
        />
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo="Conferências de compra"
        colunas={colunas}
        idDe={(x) => String(x.id)}
        aoAbrir={(x) => setAberta(x.id)}
        abrirComClique
        larguraMinima={820}
        vazio={
          <Text c="dimmed" fz="sm">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhuma conferência.'}
          </Text>
        }
        dataCy="lista-conferencias"
      />
      <Modal
        opened={aberta !== null}
        onClose={() => setAberta(null)}
        size="lg"
        title={c ? `Conferência ${c.id} · nota ${c.numeroNota}-${c.serie}` : 'Conferência'}
      >
        {c && (
          <Stack gap="sm" data-cy="conferencia-detalhe">
            <Text fz="sm">{c.fornecedor}</Text>
            {c.status === 'ABERTA' && podeContar && (
              <Group align="flex-end">
                <TextInput
                  label="Código (EAN, interno ou do fornecedor)"
                  w={260}
                  value={codigo}
                  autoFocus
                  onChange={(e) => setCodigo(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void contarCodigo();
                  }}
                  data-cy="conferencia-codigo"
                />
                <NumberInput
                  label="Quantidade"
                  w={120}
                  min={0}
                  decimalSeparator=","
                  value={quantidade}
                  onChange={setQuantidade}
                />
                <Button onClick={contarCodigo} loading={contar.enviando} data-cy="conferencia-contar">
                  Contar
                </Button>
              </Group>
            )}
            <Table withTableBorder striped fz="sm" data-cy="conferencia-itens">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Produto</Table.Th>
                  <Table.Th ta="right">Na nota</Table.Th>
                  <Table.Th ta="right">Contado</Table.Th>
                  <Table.Th ta="right">Diferença</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.itens.map((i) => (
                  <Table.Tr key={i.produtoId}>
                    <Table.Td>
                      {i.produtoId} · {i.descricao}
                    </Table.Td>
                    <Table.Td ta="right">{qtd(i.quantidadeNota)}</Table.Td>
                    <Table.Td ta="right">{qtd(i.quantidadeContada)}</Table.Td>
                    <Table.Td ta="right" c={Number(i.diferenca) === 0 ? undefined : 'red'}>
                      {qtd(i.diferenca)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {c.status === 'ABERTA' && podeContar && (
              <Group>
                <Button color="green" onClick={fecharAberta} loading={fechar.enviando} data-cy="conferencia-fechar">
                  Fechar conferência
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
