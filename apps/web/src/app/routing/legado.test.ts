import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashDoQuadro, lerR, MENSAGEM_LEGADO, mensagemDoQuadro, semRenewd } from './legado';
import { registrarTelaLegada, resolverTelaLegada } from './legado-registro';

const texto = (q: URLSearchParams | undefined) => q?.toString();

describe('the r grammar of /vf', () => {
  it.each([
    ['/inventario/index?id=5&etapa=finalizar', '/inventario/index', 'id=5&etapa=finalizar'],
    ['/relatorioExtratoEstoque/index', '/relatorioExtratoEstoque/index', ''],
    // a bare controller is its index, a trailing slash is ignored
    ['/inventario', '/inventario/index', ''],
    ['/inventario/index/?id=7', '/inventario/index', 'id=7'],
    ['  /inconsistencia/index?codigo=A%201  ', '/inconsistencia/index', 'codigo=A+1'],
  ])('reads %s', (r, caminho, query) => {
    const lido = lerR(r);
    expect(lido?.caminho).toBe(caminho);
    expect(texto(lido?.query)).toBe(query);
  });

  it.each([
    null,
    '',
    'inventario/index',
    '//outro.site/x',
    'https://outro.site/x',
    '/../segredo',
    '/a b/index',
    '/x/index#frag',
  ])('refuses %s', (r) => {
    expect(lerR(r)).toBeNull();
  });
});

describe('the registry of legacy screens', () => {
  it('maps a sub-screen and its id to the route, the rest of the query to the screen', () => {
    expect(resolverTelaLegada('/inventario/index?id=5&etapa=finalizar&loja=2')).toEqual({
      rota: '/inventario/:id/finalizar',
      caminho: '/inventario/5/finalizar',
      query: new URLSearchParams('loja=2'),
    });
    expect(resolverTelaLegada('/inventario/index?id=5')?.caminho).toBe('/inventario/5');
    expect(resolverTelaLegada('/inventario/index')?.caminho).toBe('/inventario');
    expect(resolverTelaLegada('/inventario/index?etapa=cadastro')?.caminho).toBe('/cadastroInventario');
    expect(resolverTelaLegada('/relatorioExtratoEstoque/index')?.rota).toBe('/estoque/extrato-estoque');
    expect(resolverTelaLegada('/inconsistencia/index?codigo=ab%2F1&etapa=transacoes')?.caminho).toBe(
      '/frenteDeLoja/inconsistenciaSubidaDeVendas/ab%2F1/transacoes',
    );
  });

  it('answers null for an unknown r, an unknown sub-screen or a sub-screen without its id', () => {
    expect(resolverTelaLegada('/naoExiste/index')).toBeNull();
    expect(resolverTelaLegada('/inventario/outraAcao')).toBeNull();
    expect(resolverTelaLegada('https://outro.site/inventario/index')).toBeNull();
    // finalizar needs the inventory's id: no screen for it without one
    expect(resolverTelaLegada('/inventario/index?etapa=finalizar')).toBeNull();
    // an unknown etapa is not the list: the host shows the 404 page
    expect(resolverTelaLegada('/inventario/index?etapa=outra&id=5')).toBeNull();
  });

  it('lets a later issue register its screen for an r', () => {
    expect(resolverTelaLegada('/notaFiscal/index?id=3')).toBeNull();
    registrarTelaLegada('/notaFiscal/index', '/notas/:id?');
    expect(resolverTelaLegada('/notaFiscal/index?id=3')?.caminho).toBe('/notas/3');
    expect(resolverTelaLegada('/notaFiscal/index')?.caminho).toBe('/notas');
    registrarTelaLegada('/notaFiscal/index', '/notas-fiscais/:id?');
    expect(resolverTelaLegada('/notaFiscal/index?id=3')?.caminho).toBe('/notas-fiscais/3');
    expect(() => registrarTelaLegada('notaFiscal', '/x')).toThrow();
  });
});

describe('the frame and its host', () => {
  afterEach(() => vi.restoreAllMocks());

  it('frames the screen in full-screen mode, flagged as framed', () => {
    const q = new URLSearchParams(hashDoQuadro('/inventario/5', new URLSearchParams('loja=2')).split('?')[1]);
    expect(q.get('fullScreen')).toBe('true');
    expect(q.get('quadroLegado')).toBe('1');
    expect(q.get('loja')).toBe('2');
  });

  it('drops renewd from the way back after login, keeping r and b', () => {
    expect(semRenewd('/vf?r=%2Fx%2Findex&renewd=true&b=A')).toBe('/vf?r=%2Fx%2Findex&b=A');
    expect(semRenewd('/vf?renewd')).toBe('/vf');
    expect(semRenewd('/genero')).toBe('/genero');
  });

  it("accepts only its own frame's messages of our origin", () => {
    const quadro = {} as Window;
    const msg = (origin: string, source: unknown, data: unknown) => ({ origin, source, data }) as MessageEvent;
    const aqui = window.location.origin;
    expect(mensagemDoQuadro(msg(aqui, quadro, { tipo: MENSAGEM_LEGADO.sessaoEncerrada }), quadro)).toBe(
      MENSAGEM_LEGADO.sessaoEncerrada,
    );
    expect(mensagemDoQuadro(msg('https://outro.site', quadro, { tipo: MENSAGEM_LEGADO.atualizar }), quadro)).toBeNull();
    expect(mensagemDoQuadro(msg(aqui, {}, { tipo: MENSAGEM_LEGADO.atualizar }), quadro)).toBeNull();
    expect(mensagemDoQuadro(msg(aqui, quadro, { tipo: 'outra' }), quadro)).toBeNull();
    expect(mensagemDoQuadro(msg(aqui, quadro, null), quadro)).toBeNull();
  });
});
