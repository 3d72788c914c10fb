import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { centavosDoTexto, formatarMoeda, moedaDigitada } from '../lib/moeda';
import { renderizar } from '../test/render';
import { Abas } from './Abas';
import { CampoTexto } from './CampoTexto';
import { ComPermissao } from './ComPermissao';
import { MenuKebab } from './MenuKebab';
import { PassosAssistente } from './PassosAssistente';
import { aoTeclarEnterAvanca } from './useEnterAvanca';

function MoedaControlada() {
  const [v, setV] = useState<string | number | null>(1999);
  return <CampoTexto tipo="currency" label="Valor" valor={v} aoMudar={setV} />;
}

describe('currency (spec §5)', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [123456, 'R$ 1.234,56'],
    [123456789, 'R$ 1.234.567,89'],
    [-1050, '-R$ 10,50'],
  ])('%i cents → %s', (c, t) => expect(formatarMoeda(c)).toBe(t));

  it.each([
    ['500', '500.00'],
    ['5,5', '5.50'],
    ['5.5', '5.50'],
    ['12.50', '12.50'],
    ['1.234', '1234.00'],
    ['1.234,56', '1234.56'],
    ['R$ 1.234,56', '1234.56'],
    [',5', '0.50'],
    ['007', '7.00'],
    ['', null],
    ['abc', undefined],
    ['1,234', undefined],
    ['12345678901234', undefined],
  ])('typed as people say it: %j → %j (500 is R$ 500,00, not R$ 5,00)', (t, v) => expect(moedaDigitada(t)).toBe(v));

  it('signed cents: "-" typed anywhere flips the sign when negatives are allowed', () => {
    expect(centavosDoTexto('10,50-', true)).toBe(-1050);
    expect(centavosDoTexto('-10,50-', true)).toBe(1050);
    expect(centavosDoTexto('-R$ 10,50', false)).toBe(1050);
    expect(centavosDoTexto('500')).toBe(50000);
  });

  it('the currency input takes the typing as typed and shows R$ when left', () => {
    renderizar(<MoedaControlada />);
    const campo = screen.getByRole('textbox', { name: 'Valor' }) as HTMLInputElement;
    expect(campo.value).toBe('R$ 19,99');
    fireEvent.focus(campo);
    expect(campo.value).toBe('19,99');
    fireEvent.change(campo, { target: { value: '500' } });
    expect(campo.value).toBe('500');
    fireEvent.blur(campo);
    expect(campo.value).toBe('R$ 500,00');
    fireEvent.focus(campo);
    fireEvent.change(campo, { target: { value: '5,5' } });
    fireEvent.blur(campo);
    expect(campo.value).toBe('R$ 5,50');
  });
});

describe('CampoTexto', () => {
  it('shows the error message below the input', () => {
    renderizar(<CampoTexto label="Nome" valor="" aoMudar={() => {}} erro="Campo obrigatório." />);
    expect(screen.getByText('Campo obrigatório.')).toBeTruthy();
  });

  it('toggles the password visibility', () => {
    renderizar(<CampoTexto tipo="password" label="Senha" valor="x" aoMudar={() => {}} />);
    const campo = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(campo.type).toBe('password');
    fireEvent.mouseDown(screen.getByRole('button', { hidden: true }));
    expect(campo.type).toBe('text');
  });
});

describe('PassosAssistente', () => {
  it('highlights the current step and announces the clicked number', () => {
    const clicar = vi.fn();
    renderizar(
      <PassosAssistente
        passos={[
          { numero: 1, descricao: 'Dados' },
          { numero: 2, descricao: 'Itens' },
        ]}
        atual={2}
        aoClicar={clicar}
      />,
    );
    expect(screen.getByRole('button', { name: /Itens/ }).getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByRole('button', { name: /Dados/ }));
    expect(clicar).toHaveBeenCalledWith(1);
  });
});

describe('Abas', () => {
  it('selects another tab by id or label', () => {
    const selecionar = vi.fn();
    renderizar(
      <Abas itens={[{ label: 'NCM', id: 'ncm' }, { label: 'Operação' }]} selecionada="ncm" aoSelecionar={selecionar} />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Operação' }));
    expect(selecionar).toHaveBeenCalledWith('Operação');
    fireEvent.click(screen.getByRole('tab', { name: 'NCM' }));
    expect(selecionar).toHaveBeenCalledTimes(1);
  });
});

describe('MenuKebab', () => {
  it('opens the action menu and runs an action', async () => {
    const excluir = vi.fn();
    renderizar(<MenuKebab acoes={[{ label: 'Excluir', aoClicar: excluir }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ações' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    expect(excluir).toHaveBeenCalled();
  });
});

describe('ComPermissao', () => {
  it('disables the children when not allowed', () => {
    renderizar(
      <ComPermissao permitido={false}>
        <Button>Salvar</Button>
      </ComPermissao>,
    );
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).matches(':disabled')).toBe(true);
  });

  it('keeps them enabled when allowed', () => {
    renderizar(
      <ComPermissao permitido>
        <Button>Salvar</Button>
      </ComPermissao>,
    );
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).matches(':disabled')).toBe(false);
  });
});

describe('Enter moves to the next field', () => {
  it('focuses the next input and leaves the submit button to submit', () => {
    renderizar(
      <form onKeyDown={aoTeclarEnterAvanca}>
        <TextInput label="A" />
        <TextInput label="B" />
        <button type="submit">Salvar</button>
      </form>,
    );
    const a = screen.getByLabelText('A');
    a.focus();
    fireEvent.keyDown(a, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('B'));
    fireEvent.keyDown(screen.getByLabelText('B'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('B'));
  });

  it('on an open list, Enter picks the option shown highlighted even when the list lost its index', () => {
    const escolhida = vi.fn();
    renderizar(
      <form onKeyDown={aoTeclarEnterAvanca}>
        <input role="combobox" aria-label="Tipo" aria-expanded="true" aria-controls="lista-tipos" />
        <div id="lista-tipos" role="listbox">
          <div role="option" tabIndex={-1} aria-selected="false" data-combobox-option="">
            Quebra
          </div>
          <div
            role="option"
            aria-selected="false"
            data-combobox-option=""
            data-combobox-selected="true"
            tabIndex={-1}
            onClick={escolhida}
            onKeyDown={escolhida}
          >
            Sobra
          </div>
        </div>
        <TextInput label="Observação" />
      </form>,
    );
    const tipo = screen.getByLabelText('Tipo');
    tipo.focus();
    fireEvent.keyDown(tipo, { key: 'Enter' });
    expect(escolhida).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(tipo);
  });
});
