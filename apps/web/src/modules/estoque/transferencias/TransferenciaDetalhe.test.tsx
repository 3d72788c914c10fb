import { MantineProvider } from '@mantine/core';
import type { TransferenciaEstoqueDetalhe } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../../servicos/tema';
import { apiFalsa, comUsuario } from '../../../test/cadastros';
import { TransferenciaDetalhe } from './TransferenciaDetalhe';

const base: TransferenciaEstoqueDetalhe = {
  id: 12,
  lojaOrigemId: 1,
  localOrigemId: 10,
  lojaDestinoId: 2,
  localDestinoId: 20,
  lojaOrigemSigla: 'BV01',
  lojaDestinoSigla: 'BV02',
  localOrigemDescricao: 'Loja',
  localDestinoDescricao: 'Depósito',
  localTransitoId: 30,
  data: '2026-11-20',
  status: 'EM_TRANSITO',
  observacao: null,
  quantidadeItens: 1,
  usuarioId: 1,
  criadoEm: '2026-11-20T10:00:00',
  dataRecebimento: null,
  observacaoRecebimento: null,
  usuarioRecebimentoId: null,
  recebidoEm: null,
  itens: [
    {
      produtoId: 5,
      descricao: 'Batom',
      quantidade: '10.0000',
      custoUnitario: '2.000000',
      quantidadeRecebida: null,
      custoRecebimento: null,
      diferenca: null,
    },
  ],
};

function abrir(t: TransferenciaEstoqueDetalhe, podeReceber = true) {
  const chamadas = apiFalsa((c) =>
    c.method === 'POST'
      ? { body: { ...t, status: 'RECEBIDA_COM_DIVERGENCIA', divergencias: [], mensagem: 'Recebida.' } }
      : { body: t },
  );
  const aoMudar = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>
        <TransferenciaDetalhe
          id={t.id}
          podeReceber={() => podeReceber}
          podeCancelar={() => false}
          aoFechar={() => {}}
          aoMudar={aoMudar}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { chamadas, aoMudar };
}

afterEach(() => vi.unstubAllGlobals());

describe('recebimento da transferência', () => {
  it('a recebida começa na enviada; a diferença acompanha o que se digita e vai no corpo', async () => {
    comUsuario(['PERM_TRANSFERENCIA_ESTOQUE_EDITAR']);
    const { chamadas, aoMudar } = abrir(base);
    const campo = (await screen.findByLabelText('Quantidade recebida de Batom')) as HTMLInputElement;
    expect(campo.value).toBe('10');
    fireEvent.change(campo, { target: { value: '7,5' } });
    expect(screen.getByText('2,5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(aoMudar).toHaveBeenCalled());
    const post = chamadas.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('/api/v1/estoque/transferencias/12/receber');
    expect(post.body).toMatchObject({ itens: [{ produtoId: 5, quantidadeRecebida: '7.5' }] });
  });

  it('quantidade inválida não é enviada', async () => {
    comUsuario(['PERM_TRANSFERENCIA_ESTOQUE_EDITAR']);
    const { chamadas } = abrir(base);
    fireEvent.change(await screen.findByLabelText('Quantidade recebida de Batom'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recebimento' }));
    expect(await screen.findByText(/Informe a quantidade recebida/)).toBeTruthy();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });

  it('recebida: mostra recebida e diferença, sem campos nem confirmação', async () => {
    comUsuario(['PERM_TRANSFERENCIA_ESTOQUE_EDITAR']);
    abrir({
      ...base,
      status: 'RECEBIDA_COM_DIVERGENCIA',
      dataRecebimento: '2026-11-21',
      recebidoEm: '2026-11-21T09:00:00',
      itens: [{ ...base.itens[0]!, quantidadeRecebida: '8.0000', custoRecebimento: '2.000000', diferenca: '2.0000' }],
    });
    expect(await screen.findByText('Recebida em 21/11/2026')).toBeTruthy();
    expect(screen.queryByLabelText('Quantidade recebida de Batom')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirmar recebimento' })).toBeNull();
    expect(screen.getByText('8')).toBeTruthy();
  });
});
