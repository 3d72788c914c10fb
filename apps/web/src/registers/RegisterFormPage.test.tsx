import { registerByKey } from '@retaguarda/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterFormPage } from './RegisterFormPage';
import { apiFalsa, comUsuario, renderizarRota } from '../test/cadastros';

const marca = registerByKey('marca')!;
const fornecedor = registerByKey('fornecedor')!;
const AURORA = {
  id: 1,
  descricao: 'Aurora',
  ativo: true,
  idExterno: null,
  fabricanteId: null,
  versao: 4,
  alteradoEm: '2026-11-20T13:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('RegisterFormPage', { timeout: 30_000 }, () => {
  it('create: the shared rule shows under the field; once fixed it posts the normalized body and goes back', async () => {
    comUsuario(['PERM_MARCA_ACESSO', 'PERM_MARCA_INCLUIR']);
    const chamadas = apiFalsa((c) =>
      c.method === 'POST' ? { status: 201, body: null } : { body: { start: 0, count: 0, total: 0, items: [] } },
    );
    const voltar = vi.fn();
    renderizarRota('/m', <RegisterFormPage def={marca} aoVoltar={voltar} />, '/m');
    fireEvent.click(await screen.findByRole('button', { name: /Salvar/ }));
    expect(await screen.findByText('Campo obrigatório.')).toBeTruthy();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Descrição' }), { target: { value: '  Nova marca ' } });
    // Ctrl+S saves from inside an input
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Descrição' }), { key: 's', code: 'KeyS', ctrlKey: true });
    await waitFor(() => expect(voltar).toHaveBeenCalled());
    const post = chamadas.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/produto/marcas');
    expect(post?.body).toMatchObject({ descricao: 'Nova marca', ativo: true });
  });

  it('edit: sends versao; a 409 is explained with a reload that brings the current version', async () => {
    comUsuario(['PERM_MARCA_ACESSO', 'PERM_MARCA_EDITAR']);
    let versao = 4;
    const chamadas = apiFalsa((c) => {
      if (c.method === 'PUT')
        return { status: 409, body: { message: 'Este registro foi alterado por outro usuário.', reasons: [] } };
      if (c.url.endsWith('/marcas/1'))
        return { body: { ...AURORA, versao, descricao: versao > 4 ? 'Aurora Nova' : 'Aurora' } };
      return { body: { start: 0, count: 0, total: 0, items: [] } };
    });
    renderizarRota('/m', <RegisterFormPage def={marca} id="1" aoVoltar={() => {}} />, '/m');
    const campo = (await screen.findByDisplayValue('Aurora')) as HTMLInputElement;
    fireEvent.change(campo, { target: { value: 'Aurora Editada' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    expect(await screen.findByText('Este registro foi alterado por outro usuário.')).toBeTruthy();
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({ descricao: 'Aurora Editada', versao: 4 });
    versao = 5;
    fireEvent.click(screen.getByRole('button', { name: 'Recarregar registro' }));
    expect(await screen.findByDisplayValue('Aurora Nova')).toBeTruthy();
  });

  it('without EDITAR the form is read-only and has no Salvar', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    apiFalsa(() => ({ body: AURORA }));
    renderizarRota('/m', <RegisterFormPage def={marca} id="1" aoVoltar={() => {}} />, '/m');
    const campo = (await screen.findByDisplayValue('Aurora')) as HTMLInputElement;
    expect(campo.readOnly).toBe(true);
    expect(screen.getByText('Somente leitura')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Salvar/ })).toBeNull();
  });

  it("a 422 puts each field error (the body's erros) under its field, nested group fields too", async () => {
    comUsuario(['PERM_FORNECEDOR_ACESSO', 'PERM_FORNECEDOR_INCLUIR']);
    apiFalsa((c) =>
      c.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'Dados inválidos.',
              reasons: ['endereco.codigoIbge (Endereço): Município não pertence à UF.'],
              erros: [{ campo: 'endereco.codigoIbge', mensagem: 'Município não pertence à UF.' }],
            },
          }
        : { body: { start: 0, count: 0, total: 0, items: [] } },
    );
    renderizarRota('/f', <RegisterFormPage def={fornecedor} aoVoltar={() => {}} />, '/f');
    fireEvent.change(await screen.findByRole('textbox', { name: 'CNPJ/CPF' }), { target: { value: '12ABC34501DE35' } });
    expect((screen.getByRole('textbox', { name: 'CNPJ/CPF' }) as HTMLInputElement).value).toBe('12.ABC.345/01DE-35');
    fireEvent.change(screen.getByRole('textbox', { name: 'Razão social' }), { target: { value: 'Alfa Ltda' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Fantasia' }), { target: { value: 'Alfa' } });
    fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
    expect(await screen.findByText('Município não pertence à UF.')).toBeTruthy();
  });

  it('keyboard: the first field is focused, Enter walks the fields and saves on the last one', async () => {
    comUsuario(['PERM_MARCA_ACESSO', 'PERM_MARCA_INCLUIR']);
    const chamadas = apiFalsa((c) =>
      c.method === 'POST' ? { status: 201, body: null } : { body: { start: 0, count: 0, total: 0, items: [] } },
    );
    const voltar = vi.fn();
    renderizarRota('/m', <RegisterFormPage def={marca} aoVoltar={voltar} />, '/m');
    const descricao = await screen.findByRole('textbox', { name: 'Descrição' });
    await waitFor(() => expect(document.activeElement).toBe(descricao));
    fireEvent.change(descricao, { target: { value: 'Marca do teclado' } });
    fireEvent.keyDown(descricao, { key: 'Enter', code: 'Enter' });
    const fabricante = screen.getByRole('combobox', { name: 'Fabricante' });
    expect(document.activeElement).toBe(fabricante);
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
    // Enter on every next field until the last one, which saves
    let atual = document.activeElement as HTMLElement;
    for (let i = 0; i < 5 && !chamadas.some((c) => c.method === 'POST'); i++) {
      fireEvent.keyDown(atual, { key: 'Enter', code: 'Enter' });
      atual = document.activeElement as HTMLElement;
      await new Promise((r) => setTimeout(r, 0));
    }
    await waitFor(() => expect(voltar).toHaveBeenCalled());
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({ descricao: 'Marca do teclado' });
  });

  it('Esc leaves the form, but not while a select list is open', async () => {
    comUsuario(['PERM_MARCA_ACESSO', 'PERM_MARCA_INCLUIR']);
    apiFalsa(() => ({ body: { start: 0, count: 0, total: 0, items: [] } }));
    const voltar = vi.fn();
    renderizarRota('/m', <RegisterFormPage def={marca} aoVoltar={voltar} />, '/m');
    const descricao = await screen.findByRole('textbox', { name: 'Descrição' });
    const fabricante = screen.getByRole('combobox', { name: 'Fabricante' });
    fabricante.setAttribute('aria-expanded', 'true');
    fireEvent.keyDown(fabricante, { key: 'Escape' });
    expect(voltar).not.toHaveBeenCalled();
    fabricante.setAttribute('aria-expanded', 'false');
    fireEvent.keyDown(descricao, { key: 'Escape' });
    expect(voltar).toHaveBeenCalledTimes(1);
  });

  it('a missing record names the register and the code asked', async () => {
    comUsuario(['PERM_MARCA_ACESSO', 'PERM_MARCA_EDITAR']);
    apiFalsa(() => ({ status: 404, body: { status: 404, message: 'Marca não encontrada.' } }));
    renderizarRota('/m', <RegisterFormPage def={marca} id="99999" aoVoltar={() => {}} />, '/m');
    expect(await screen.findByText('Marca 99999 não encontrada.')).toBeTruthy();
  });

  it('read-only fields look read-only and Enter skips them', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    apiFalsa(() => ({ body: AURORA }));
    renderizarRota('/m', <RegisterFormPage def={marca} id="1" aoVoltar={() => {}} />, '/m');
    const campo = (await screen.findByDisplayValue('Aurora')) as HTMLInputElement;
    expect(campo.getAttribute('data-variant')).toBe('filled');
    expect(document.activeElement).not.toBe(campo);
  });
});
