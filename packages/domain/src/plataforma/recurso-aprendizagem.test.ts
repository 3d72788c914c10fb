import { describe, expect, it } from 'vitest';
import { errosRecursoAprendizagem, TELAS_DO_MENU } from './recurso-aprendizagem.register';

describe('recurso de aprendizagem', () => {
  it.each([
    [{ menuId: '/marcasProduto', conteudo: 'Texto', link: null }, []],
    [{ menuId: '/marcasProduto', conteudo: '', link: 'https://exemplo.com.br' }, []],
    [{ menuId: '/marcasProduto', conteudo: '  ', link: null }, ['conteudo']],
    [{ menuId: '/naoExiste', conteudo: null, link: null }, ['menuId', 'conteudo']],
    // a screen that is not in the menu (a form) has no help of its own
    [{ menuId: '/produto/cadastro/:id?', conteudo: 'Texto', link: null }, ['menuId']],
  ])('%o → %o', (r, campos) => {
    expect(errosRecursoAprendizagem(r).map((e) => e.path)).toEqual(campos);
  });

  it('offers the menu screens by their breadcrumb', () => {
    expect(TELAS_DO_MENU).toContainEqual({ value: '/marcasProduto', label: 'Produto › Cadastro › Marcas' });
  });
});
