/** The order's items: product, quantities and values, the store's stock, and the fix of an inconsistent item. */
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { comandoCorrigirItemPedido, formatarDinheiro, MSG_PEDIDO, type PedidoVendaDetalhe } from '@retaguarda/domain';
import { useState } from 'react';
import { chamarComando } from '../../../lib/comando/chamar';
import { novaChave } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { formatarDecimal } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';

const qtd = (v: string | null) => (v === null ? '' : formatarDecimal(v, 3).replace(/,?0+$/, '') || '0');

export function ItensDoPedido({
  p,
  podeCorrigir,
  aoCorrigir,
}: {
  p: PedidoVendaDetalhe;
  podeCorrigir: boolean;
  aoCorrigir: () => void;
}) {
  const [codigos, setCodigos] = useState<Record<number, string>>({});
  const corrigir = async (ordem: number) => {
    const produtoId = Number(codigos[ordem]);
    if (!Number.isInteger(produtoId) || produtoId <= 0) {
      toast({ type: 'warning', title: 'Item', message: 'Informe o código do produto.' });
      return;
    }
    try {
      await chamarComando(
        comandoCorrigirItemPedido,
        { id: p.id, versao: p.versao, ordem, produtoId },
        { chave: novaChave() },
      );
      toast({ type: 'success', title: 'Sucesso', message: `Item ${ordem} corrigido.` });
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_PEDIDO.entidade }));
    } finally {
      aoCorrigir();
    }
  };
  return (
    <Table withTableBorder striped verticalSpacing={4} data-cy="pedido-itens">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th w={80}>Código</Table.Th>
          <Table.Th>Descrição</Table.Th>
          <Table.Th ta="right">Quantidade</Table.Th>
          <Table.Th ta="right">Valor unit.</Table.Th>
          <Table.Th ta="right">Desconto</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Saldo</Table.Th>
          <Table.Th ta="right">Reservado</Table.Th>
          <Table.Th ta="right">Disponível</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {p.itens.map((i) => (
          <Table.Tr key={i.ordem} data-cy="pedido-item">
            <Table.Td>{i.ordem}</Table.Td>
            <Table.Td>{i.produtoId ?? ''}</Table.Td>
            <Table.Td>
              <Text fz="sm">{i.descricao ?? i.descricaoProdutoEcommerce ?? ''}</Text>
              {i.inconsistencia && (
                <Group gap={6} mt={2} wrap="nowrap">
                  <Text fz="xs" c="red" data-cy="item-inconsistencia">
                    {i.inconsistencia.charAt(0).toUpperCase() + i.inconsistencia.slice(1)}
                  </Text>
                  {podeCorrigir && (
                    <>
                      <TextInput
                        size="xs"
                        w={110}
                        placeholder="Código"
                        aria-label={`Código do produto do item ${i.ordem}`}
                        value={codigos[i.ordem] ?? ''}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setCodigos((c) => ({ ...c, [i.ordem]: v }));
                        }}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') void corrigir(i.ordem);
                        }}
                        data-cy="item-codigo"
                      />
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => corrigir(i.ordem)}
                        data-cy="item-corrigir"
                      >
                        Corrigir
                      </Button>
                    </>
                  )}
                </Group>
              )}
            </Table.Td>
            <Table.Td ta="right">
              {qtd(i.quantidade)} {i.unidade ?? ''}
            </Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.valor)}</Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.valorDesconto)}</Table.Td>
            <Table.Td ta="right">{i.compoeValorTotal ? formatarDinheiro(i.total) : 'Não compõe'}</Table.Td>
            <Table.Td ta="right">{qtd(i.saldo)}</Table.Td>
            <Table.Td ta="right">{qtd(i.reservado)}</Table.Td>
            <Table.Td ta="right" c={i.disponivel !== null && Number(i.disponivel) < 0 ? 'red' : undefined}>
              {qtd(i.disponivel)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
