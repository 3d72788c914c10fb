import { registerByKey } from '@retaguarda/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterListPage } from './RegisterListPage';
import { apiFalsa, comUsuario, renderizarRota } from '../test/cadastros';

const marca = registerByKey('marca')!;
const ITENS = [
  { id: 3, descricao: 'Bosque', ativo: true, fabricanteId: null, versao: 1 },
  { id: 2, descricao: 'Maré', ativo: false, fabricanteId: null, versao: 1 },
];

function abrir(permissoes: string[], inicial = '/marcasProduto', del?: { status: number; body: unknown }) {
  comUsuario(permissoes);
  const chamadas = apiFalsa((c) => {
    if (c.method === 'DELETE') return del ?? { body: {} };
    return { body: { start: 0, count: ITENS.length, total: 57, items: ITENS } };
  });
  const r = renderizarRota('/marcasProduto', <RegisterListPage def={marca} />, inicial);
  return { ...r, chamadas };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RegisterListPage', { timeout: 30_000 }, () => {
  it('lists with the declared columns, exact total, Situação badge and the default query', async () => {
    const { chamadas } = abrir(['PERM_MARCA_ACESSO', 'PERM_MARCA_INCLUIR']);
    expect(await screen.findByText('Bosque')).toBeTruthy();
    expect(screen.getByText('Inativo')).toBeTruthy();
    expect(document.querySelector('[data-cy=lista-total]')?.textContent).toBe('1–10 de 57 registros');
    expect(chamadas[0]?.url).toBe('/api/v1/produto/marcas?start=0&count=10&sort=-id&total=limitado');
    expect((screen.getByRole('button', { name: /Novo/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without INCLUIR the Novo button is disabled', async () => {
    abrir(['PERM_MARCA_ACESSO']);
    await screen.findByText('Bosque');
    expect((screen.getByRole('button', { name: /Novo/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a link with filters reproduces the view; a header click sorts and keeps them in the URL', async () => {
    const { chamadas, router } = abrir(['PERM_MARCA_ACESSO'], '/marcasProduto?busca=mare&situacao=ativos&tamanho=25');
    await screen.findByText('Bosque');
    const q = new URL(`http://x${chamadas[0]?.url}`).searchParams;
    expect(q.get('q')).toBe('descricao=="*mare*";ativo==true');
    expect(q.get('count')).toBe('25');
    expect((screen.getByLabelText('Pesquisar') as HTMLInputElement).value).toBe('mare');
    await userEvent.click(screen.getByRole('button', { name: /Descrição/ }));
    await waitFor(() => expect(router.state.location.search).toContain('ordem=descricao'));
    expect(router.state.location.search).toContain('busca=mare');
    await waitFor(() => expect(chamadas.at(-1)?.url).toContain('sort=descricao'));
  });

  it('delete asks first; a 409 explains why and offers to inactivate', async () => {
    abrir(['PERM_MARCA_ACESSO', 'PERM_MARCA_EDITAR', 'PERM_MARCA_EXCLUIR'], '/marcasProduto', {
      status: 409,
      body: { message: 'Registro em uso.', reasons: ['Usado por 4 produtos.'] },
    });
    await screen.findByText('Bosque');
    fireEvent.click(screen.getByRole('button', { name: 'Ações do registro 3' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText(/Deseja excluir o registro/)).toBeTruthy();
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    expect(await within(dialogo).findByText('Usado por 4 produtos.')).toBeTruthy();
    expect(within(dialogo).getByRole('button', { name: 'Inativar' })).toBeTruthy();
  });

  it("a broad search on a big table, counted only up to 10 000, says 'mais de'; 'Contar todos' asks for the exact count", async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    const chamadas = apiFalsa((c) =>
      c.url.includes('total=limitado')
        ? { body: { start: 0, count: 2, total: 10_000, totalLimitado: true, items: ITENS } }
        : { body: { start: 0, count: 2, total: 12_345, items: ITENS } },
    );
    renderizarRota('/marcasProduto', <RegisterListPage def={marca} />, '/marcasProduto?busca=a');
    await screen.findByText('Bosque');
    const total = () => document.querySelector('[data-cy=lista-total]')?.textContent;
    expect(total()).toBe('1–10 de mais de 10.000 registros');
    await userEvent.click(screen.getByRole('button', { name: 'Contar todos' }));
    await waitFor(() => expect(total()).toBe('1–10 de 12.345 registros'));
    expect(chamadas.at(-1)?.url).not.toContain('total=');
    expect(screen.queryByRole('button', { name: 'Contar todos' })).toBeNull();
  });

  it('empty result: says so and clears the search and filters', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    apiFalsa(() => ({ body: { start: 0, count: 0, total: 0, items: [] } }));
    const { router } = renderizarRota(
      '/marcasProduto',
      <RegisterListPage def={marca} />,
      '/marcasProduto?busca=zzz&situacao=inativos',
    );
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeTruthy();
    expect(document.querySelector('[data-cy=lista-total]')?.textContent).toBe('Nenhum registro');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the page size chosen is remembered for this list; a link that names one still wins', async () => {
    const primeira = abrir(['PERM_MARCA_ACESSO']);
    await screen.findByText('Bosque');
    fireEvent.click(document.querySelector('[data-cy=tamanho-pagina]') as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '25', hidden: true }));
    await waitFor(() => expect(primeira.chamadas.at(-1)?.url).toContain('count=25'));
    primeira.unmount();
    const volta = abrir(['PERM_MARCA_ACESSO']);
    await screen.findByText('Bosque');
    expect(volta.chamadas[0]?.url).toContain('count=25');
    volta.unmount();
    const link = abrir(['PERM_MARCA_ACESSO'], '/marcasProduto?tamanho=50');
    await screen.findByText('Bosque');
    expect(link.chamadas[0]?.url).toContain('count=50');
  });

  it('↓ from the search goes into the table; Enter then opens the selected record', async () => {
    const { router } = abrir(['PERM_MARCA_ACESSO', 'PERM_MARCA_EDITAR']);
    await screen.findByText('Bosque');
    const busca = screen.getByRole('textbox', { name: 'Pesquisar' });
    busca.focus();
    fireEvent.keyDown(busca, { key: 'ArrowDown' });
    const tabela = screen.getByRole('table', { name: 'Marcas' });
    expect(document.activeElement).toBe(tabela);
    const linhas = document.querySelectorAll('[data-cy=linha-registro]');
    expect(linhas[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabela, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toContain('registro=3'));
  });
});
