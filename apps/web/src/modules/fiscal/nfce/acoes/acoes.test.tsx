import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../../../servicos/tema';
import { apiFalsa, comUsuario } from '../../../../test/cadastros';
import { AcoesNfce, mensagemDoFim, PERM_EDITAR_NFCE } from './index';

const CHAVE = '41261141553872000164650010000005011000005011';

function montar(filho: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>{filho}</QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('NFC-e actions', () => {
  it('shows only the actions the status admits, and none without EDITAR', () => {
    comUsuario([PERM_EDITAR_NFCE]);
    montar(<AcoesNfce documento={{ chave: CHAVE, lojaId: 1, status: 'CONTINGENCIA' }} />);
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar NFC-e' })).toBeNull();
  });

  it('hides everything from a user without EDITAR', () => {
    comUsuario(['PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_ACESSO']);
    montar(<AcoesNfce documento={{ chave: CHAVE, lojaId: 1, status: 'AUTORIZADA' }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cancels with a motivo the NFC-e read offers (the monitor’s permission, not the financial register’s)', async () => {
    comUsuario([PERM_EDITAR_NFCE]);
    const chamadas = apiFalsa((c) =>
      c.url === '/api/v1/fiscal/nfce/motivos-cancelamento'
        ? { body: { items: [{ id: 1, descricao: 'Cliente desistiu da compra' }] } }
        : c.method === 'POST'
          ? {
              status: 202,
              body: { tarefaId: 't1', chave: CHAVE, tentativas: 1, message: 'Cancelamento enviado à SEFAZ.' },
            }
          : { body: { id: 't1', status: 'PROCESSANDO', progresso: { feito: 0, total: 0, fase: null } } },
    );
    montar(<AcoesNfce documento={{ chave: CHAVE, lojaId: 1, status: 'AUTORIZADA', serie: 1, numero: 501 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar NFC-e' }));
    fireEvent.click(await screen.findByLabelText(/Motivo do cancelamento/, { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Cliente desistiu da compra', hidden: true })).toBeTruthy();
    expect(chamadas.some((c) => c.url.startsWith('/api/v1/financeiro/'))).toBe(false);
    fireEvent.click(screen.getByRole('option', { name: 'Cliente desistiu da compra', hidden: true }));
    const botoes = screen.getAllByRole('button', { name: 'Cancelar NFC-e', hidden: true });
    fireEvent.click(botoes.at(-1)!);
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    const post = chamadas.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/v1/fiscal/nfce/${CHAVE}/cancelamento`);
    expect(post.body).toEqual({ lojaId: 1, motivoId: 1 });
  });

  it('says what SEFAZ answered when the job ends', () => {
    expect(
      mensagemDoFim({
        status: 'CONCLUIDO',
        resultado: { status: 'AUTORIZADA', cStat: 100, xMotivo: 'Autorizado o uso da NF-e' },
      }),
    ).toEqual({ ok: true, texto: '100 - Autorizado o uso da NF-e (status: AUTORIZADA)' });
    expect(mensagemDoFim({ status: 'ERRO', erro: 'A SEFAZ não respondeu em 30 segundos.' }).ok).toBe(false);
    expect(
      mensagemDoFim({ status: 'CONCLUIDO', resultado: { total: 3, autorizadas: 2, rejeitadas: 1, falhas: 0 } }).texto,
    ).toBe('2 autorizada(s), 1 rejeitada(s), 0 falha(s) de 3.');
  });
});
