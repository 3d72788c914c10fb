import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import type { Toast } from '../../lib/toasts';
import { ToastCard } from './ToastStack';

const base: Toast = { id: 1, type: 'error', variante: 'mensagem', timeout: 5000, title: 'Erro 422: Inválido' };

describe('ToastCard', () => {
  it("shows only the first 2 reasons until 'Ver mais'", () => {
    renderizar(<ToastCard toast={{ ...base, reasons: ['um', 'dois', 'três'] }} aoFechar={() => {}} />);
    expect(screen.getByText('um')).toBeTruthy();
    expect(screen.getByText('dois')).toBeTruthy();
    expect(screen.queryByText('três')).toBeNull();
    fireEvent.click(screen.getByText('Ver mais'));
    expect(screen.getByText('três')).toBeTruthy();
    expect(screen.queryByText('Ver mais')).toBeNull();
  });

  it("has the default 'Ok' action and a close button", () => {
    const fechar = vi.fn();
    renderizar(<ToastCard toast={{ ...base, message: 'x' }} aoFechar={fechar} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(fechar).toHaveBeenCalledTimes(2);
  });

  it('has no close button when it carries a side link', () => {
    renderizar(
      <ToastCard
        toast={{ ...base, message: 'x', sideLink: { name: '/notificacoes', label: 'Abrir' } }}
        aoFechar={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Fechar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Abrir' })).toBeTruthy();
  });
});
