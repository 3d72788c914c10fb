/**
 * One saved adjustment, read-only (issue #27.7): the document (store, location, type, operation, date,
 * observação, who and when), its lines, the movements it posted with the balance after each, and Imprimir
 * (the browser's print of this view only). Adjustments are not edited: a wrong one is undone by another.
 */
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type AjusteEstoqueDetalhe, dataBr, ROTULO_TIPO_MOVIMENTO } from '@retaguarda/domain';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatarDataHora, formatarDecimalCurto } from '../../../lib/formato';
import { listarMovimentos, obterAjuste } from '../api';
import classes from './AjusteDetalhe.module.css';

const custo = (v: string) =>
  Number(v).toLocaleString('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });

function Campo({ rotulo, children, cy }: { rotulo: string; children: ReactNode; cy?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fz="sm" data-cy={cy}>
        {children}
      </Text>
    </div>
  );
}

function imprimir() {
  document.body.classList.add('imprimindo-documento');
  const fim = () => {
    document.body.classList.remove('imprimindo-documento');
    window.removeEventListener('afterprint', fim);
  };
  window.addEventListener('afterprint', fim);
  window.print();
}

function Documento({ a }: { a: AjusteEstoqueDetalhe }) {
  const movimentos = useQuery({
    queryKey: ['ajuste-movimentos', a.id],
    queryFn: () => listarMovimentos(`documentoTipo==AJUSTE;documentoId==${a.id};lojaId==${a.lojaId}`, 1000),
  });
  const itemDe = new Map(a.itens.map((i) => [i.produtoId, i]));
  const qtd = (produtoId: number, v: string) => {
    const casas = itemDe.get(produtoId)?.casasDecimais ?? 0;
    return formatarDecimalCurto(v, Math.max(casas, 0), casas);
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={6}>
        <Campo rotulo="Loja" cy="ajuste-loja">
          {a.lojaSigla ?? a.lojaId}
        </Campo>
        <Campo rotulo="Local">{a.localDescricao ?? a.localId}</Campo>
        <Campo rotulo="Tipo de ajuste" cy="ajuste-tipo">
          {a.tipoDeAjusteDescricao ?? a.tipoDeAjusteId}
        </Campo>
        <Campo rotulo="Data">{dataBr(a.dataDaMovimentacao)}</Campo>
        <Campo rotulo="Lançado por" cy="ajuste-usuario">
          {a.usuarioNome ?? '—'}
        </Campo>
        <Campo rotulo="Em">{formatarDataHora(a.criadoEm)}</Campo>
        <Campo rotulo="Itens">{a.quantidadeItens}</Campo>
        {a.observacao && <Campo rotulo="Observação">{a.observacao}</Campo>}
      </SimpleGrid>
      <Title order={3} fz="sm">
        Itens
      </Title>
      <Table withTableBorder striped verticalSpacing={4} fz="sm" data-cy="ajuste-itens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Código</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th w={70}>Unidade</Table.Th>
            <Table.Th w={120} ta="right">
              Quantidade
            </Table.Th>
            <Table.Th w={140} ta="right">
              Custo unitário
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {a.itens.map((i) => (
            <Table.Tr key={i.movimentoId}>
              <Table.Td ff="monospace">{i.produtoCodigo ?? i.produtoId}</Table.Td>
              <Table.Td>{i.produtoDescricao ?? ''}</Table.Td>
              <Table.Td>{i.unidade ?? ''}</Table.Td>
              <Table.Td ta="right">{qtd(i.produtoId, i.quantidade)}</Table.Td>
              <Table.Td ta="right">{custo(i.custoUnitario)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} fz="sm">
        Movimentos lançados
      </Title>
      <Table withTableBorder striped verticalSpacing={4} fz="sm" data-cy="ajuste-movimentos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Movimento</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th w={150}>Tipo</Table.Th>
            <Table.Th w={120} ta="right">
              Quantidade
            </Table.Th>
            <Table.Th w={130} ta="right">
              Saldo após
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(movimentos.data?.items ?? []).map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td ff="monospace">{m.id}</Table.Td>
              <Table.Td>{itemDe.get(m.produtoId)?.produtoDescricao ?? m.produtoId}</Table.Td>
              <Table.Td>{ROTULO_TIPO_MOVIMENTO[m.tipo]}</Table.Td>
              <Table.Td ta="right">{qtd(m.produtoId, m.quantidade)}</Table.Td>
              <Table.Td ta="right" c={Number(m.saldoApos) < 0 ? 'orange.8' : undefined} fw={500}>
                {qtd(m.produtoId, m.saldoApos)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {movimentos.isError && (
        <Text fz="sm" c="red">
          Não foi possível carregar os movimentos.
        </Text>
      )}
    </Stack>
  );
}

export function AjusteDetalhe({ id, aoFechar }: { id: number; aoFechar: () => void }) {
  const detalhe = useQuery({ queryKey: ['ajuste', id], queryFn: () => obterAjuste(id) });
  const a = detalhe.data;
  return (
    <Modal
      opened
      onClose={aoFechar}
      size="xl"
      title={
        <Group gap="xs">
          <Text fw={600}>Ajuste de estoque {id}</Text>
          {a && (
            <Badge variant="light" radius="sm" tt="none" color={a.tipoDeOperacao === 'ENTRADA' ? 'green' : 'orange'}>
              {a.tipoDeOperacao === 'ENTRADA' ? 'Entrada' : 'Saída'}
            </Badge>
          )}
        </Group>
      }
      data-cy="ajuste-detalhe"
    >
      {!a ? (
        <Text c="dimmed">{detalhe.isError ? 'Não foi possível carregar o ajuste.' : 'Carregando…'}</Text>
      ) : (
        <Stack gap="md">
          <Documento a={a} />
          <Group justify="flex-end" className={classes.naoImprimir}>
            <Button variant="default" onClick={aoFechar}>
              Fechar
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={imprimir} data-cy="ajuste-imprimir">
              Imprimir
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
