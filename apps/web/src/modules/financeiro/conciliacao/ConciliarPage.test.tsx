import { MantineProvider } from '@mantine/core';
import type { PainelConciliacao } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/erros';
import { temaMantine } from '../../../servicos/tema';

const executar = vi.fn();
const toast = vi.fn();
vi.mock('../../../lib/comando/useComando', () => ({ useComando: () => ({ executar }) }));
vi.mock('../../../lib/toasts', () => ({ toast: (t: unknown) => toast(t) }));
vi.mock('../../../servicos/navegacao/useRotaAtual', () => ({ useRotaAtual: () => ({ titulo: 'Conciliar' }) }));
vi.mock('../../../servicos/sessao/permissao', () => ({ usePermissao: () => false }));

const painel: PainelConciliacao = {
  contaCorrenteId: 7,
  inicio: '2026-08-01',
  fim: '2026-08-31',
  janelaDias: 3,
  linhas: [
    { id: '1', data: '2026-08-01', valor: '10.00', descricao: 'PIX RECEBIDO ANA', numeroDocumento: null },
    { id: '2', data: '2026-08-02', valor: '20.00', descricao: 'PIX RECEBIDO BIA', numeroDocumento: null },
  ] as PainelConciliacao['linhas'],
  lancamentos: [
    { id: '11', data: '2026-08-01', valor: '10.00', descricao: 'Venda Ana', numeroDocumento: null, origem: 'MANUAL' },
    { id: '12', data: '2026-08-02', valor: '20.00', descricao: 'Venda Bia', numeroDocumento: null, origem: 'MANUAL' },
  ],
  sugestoes: [{ linhas: ['1'], lancamentos: ['11'], tipo: '1:1', mesmoDocumento: false }],
  saldoSistema: '30.00',
  saldoExtrato: null,
  dataSaldoExtrato: null,
  diferenca: null,
};
const lerPainel = vi.fn(async () => painel);
vi.mock('../api', () => ({
  CHAVE_PROPOSTAS: ['propostas'],
  painelConciliacao: () => lerPainel(),
  listarContas: async () => [{ id: 7, descricao: 'Itaú Londrina' }],
  listarHistoricos: async () => [],
  propostasDeRegras: async () => [],
}));

const { ConciliarPage } = await import('./ConciliarPage');

function abrir() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/c?conta=7&inicio=2026-08-01&fim=2026-08-31']}>
          <Routes>
            <Route path="/c" element={<ConciliarPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const item = (lado: string, id: string) => document.getElementById(`conc-${lado}-${id}`);
const EXTRATO = 'Extrato do banco';
const SISTEMA = 'Lançamentos do sistema';

async function selecionarEConfirmar() {
  await waitFor(() => expect(item(EXTRATO, '2')).not.toBeNull());
  fireEvent.click(item(EXTRATO, '2')!);
  fireEvent.click(item(SISTEMA, '12')!);
  fireEvent.keyDown(screen.getByRole('listbox', { name: SISTEMA }), { key: 'Enter' });
}

describe('ConciliarPage: confirmar um par', () => {
  beforeEach(() => {
    executar.mockReset();
    toast.mockReset();
    lerPainel.mockClear();
  });

  it('the pair leaves both lists before the command answers, and the panel is not read again', async () => {
    let responder: (v: unknown) => void = () => {};
    executar.mockReturnValue(new Promise((r) => (responder = r)));
    abrir();
    await selecionarEConfirmar();
    // the command is still in flight: the pair is already gone, the other items stay
    expect(item(EXTRATO, '2')).toBeNull();
    expect(item(SISTEMA, '12')).toBeNull();
    expect(item(EXTRATO, '1')).not.toBeNull();
    expect(executar).toHaveBeenCalledWith({ contaCorrenteId: 7, grupos: [{ linhas: ['2'], lancamentos: ['12'] }] });
    responder({ conciliacoes: [{ id: '99', linhas: ['2'], lancamentos: ['12'] }] });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' })));
    expect(item(EXTRATO, '2')).toBeNull();
    expect(lerPainel).toHaveBeenCalledTimes(1);
  });

  it('a refused confirmation puts the pair back, selected, with the server reason in Portuguese', async () => {
    executar.mockRejectedValue(
      new HttpError(409, '/api', {
        message: 'Uma das linhas ou lançamentos já está conciliado (ou foi estornado): atualize a tela.',
      }),
    );
    abrir();
    await selecionarEConfirmar();
    await waitFor(() => expect(toast).toHaveBeenCalled());
    const t = toast.mock.calls[0]![0] as { type: string; message: string };
    expect(t.type).toBe('error');
    expect(t.message).toContain('A conciliação não foi confirmada e o par voltou às listas.');
    expect(t.message).toContain('já está conciliado');
    await waitFor(() => expect(item(EXTRATO, '2')).not.toBeNull());
    expect(item(SISTEMA, '12')).not.toBeNull();
    expect(item(EXTRATO, '2')!.getAttribute('aria-selected')).toBe('true');
    // back in its place, after the line that was before it
    const ids = screen.getAllByRole('option').map((o) => o.id);
    expect(ids.indexOf(`conc-${EXTRATO}-1`)).toBeLessThan(ids.indexOf(`conc-${EXTRATO}-2`));
  });

  it('confirming a suggestion removes it with its pair; a refusal brings the suggestion back too', async () => {
    executar.mockRejectedValue(new HttpError(422, '/api', { message: 'Linha não encontrada' }));
    abrir();
    await waitFor(() => expect(document.querySelectorAll('[data-cy=conc-sugestao]')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(document.querySelectorAll('[data-cy=conc-sugestao]')).toHaveLength(0);
    expect(item(EXTRATO, '1')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('[data-cy=conc-sugestao]')).toHaveLength(1));
    expect(item(EXTRATO, '1')).not.toBeNull();
    expect(item(SISTEMA, '11')).not.toBeNull();
  });
});
