import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decidirAcesso, type UsuarioAcesso } from './acesso';
import { folhasMenu, montarMenu } from './menu';
import { ALL_PERMISSION_CODES } from './permissions';
import { ROTAS, ROTAS_EXTRAS } from './routes';

const SPEC = path.resolve(import.meta.dirname, '../../../../shared/spec/retail-back-office-spec.md');

/** Bullet lines of spec §2.2 and §2.4. */
function bulletsDeRotas(texto: string): string[] {
  const secao = (ini: string, fim: string) => texto.slice(texto.indexOf(ini), texto.indexOf(fim));
  return [secao('### 2.2', '### 2.3'), secao('### 2.4', '## 3.')]
    .join('\n')
    .split('\n')
    .filter((l) => l.startsWith('- '));
}

/** Abbreviated or relative paths the spec writes inside a parent's bullet. */
const EXPANSOES: Record<string, string> = {
  '.../tiposDeAcordo/cadastro/:id?': '/acordosComerciais/tiposDeAcordo/cadastro/:id?',
  'editarAcesso/:id?': '/funcoesPDV/editarAcesso/:id?',
  'cadastro/:id?': '/dashboards/cadastro/:id?',
  'detalhes/:id': '/dashboards/detalhes/:id',
  'indicadores/:id': '/dashboards/indicadores/:id',
};
/** Paths in those bullets that are legacy screens or query values, not routes of this app. */
const NAO_ROTAS = new Set(['/inconsistencia/index', '/relatorioExtratoEstoque/index']);

function rotasDaSpec(texto: string): Set<string> {
  const achadas = new Set<string>();
  for (const linha of bulletsDeRotas(texto)) {
    const primeira = linha.match(/^- ([A-Za-z][\w]*)\s\(/);
    if (primeira?.[1]) achadas.add(`/${primeira[1]}`);
    for (const m of linha.matchAll(
      /(?:^|[\s,(])((?:\.\.\.)?\/?[A-Za-z][\w-]*(?:\/[\w:?*.-]*[\w?*])+|\/[A-Za-z0-9][\w*-]*\??|\/)(?=[\s,.):]|$)/g,
    )) {
      const bruto = (m[1] ?? '').replace(/\.$/, '');
      const caminho = EXPANSOES[bruto] ?? (bruto.startsWith('/') ? bruto : `/${bruto}`);
      if (!NAO_ROTAS.has(caminho) && !/^\/[A-Z]/.test(caminho)) achadas.add(caminho);
    }
  }
  return achadas;
}

describe('route table', () => {
  const spec = fs.readFileSync(SPEC, 'utf8');
  const caminhos = new Set(ROTAS.map((r) => r.path));

  it('holds every route written in spec §2.2 and §2.4', () => {
    const daSpec = rotasDaSpec(spec);
    expect(daSpec.size).toBeGreaterThan(90);
    expect([...daSpec].filter((p) => !caminhos.has(p))).toEqual([]);
  });

  it('has no route the spec does not name, besides the extra list', () => {
    const daSpec = rotasDaSpec(spec);
    const extras = new Set(ROTAS_EXTRAS.map((r) => r.path));
    expect([...caminhos].filter((p) => !daSpec.has(p) && !extras.has(p))).toEqual([]);
    expect([...extras].filter((p) => daSpec.has(p))).toEqual([]);
  });

  it('names only catalogued permissions and unique paths', () => {
    expect(caminhos.size).toBe(ROTAS.length);
    for (const r of ROTAS) for (const p of r.permissoes) expect(ALL_PERMISSION_CODES.has(p)).toBe(true);
  });

  it('keeps the names the spec gives', () => {
    const nome = (n: string) => ROTAS.find((r) => r.name === n)?.path;
    expect(nome('login')).toBe('/login');
    expect(nome('genero')).toBe('/genero');
    expect(nome('listagemProcessoJudicial')).toBe('/processoJudicial');
    expect(nome('processoJudicialCadastro')).toBe('/processoJudicial/cadastro/:id?');
    expect(nome('transacoesInconsistentes')).toBe('/frenteDeLoja/inconsistenciaSubidaDeVendas/:codigo/transacoes');
    expect(nome('contadorCadastro')).toBe('/pessoa/contador/cadastro');
    expect(nome('usuariocadastro')).toBe('/gruposUsuario/cadastro/:id?');
    expect(nome('grupocadastro')).toBe('/gruposUsuario/grupos/cadastro/:id?');
  });
});

const rota = (p: string) => {
  const r = ROTAS.find((x) => x.path === p);
  if (!r) throw new Error(p);
  return r;
};
const user = (over: Partial<UsuarioAcesso> = {}): UsuarioAcesso => ({
  id: 7,
  administrador: false,
  tipoCliente: 'BOTICARIO',
  permissoes: [],
  ...over,
});
const q = (s: string) => new URLSearchParams(s);

describe('access decisions', () => {
  it.each([
    ['/genero', user({ permissoes: ['PERM_GENERO_ACESSO'] }), 'permitido'],
    ['/genero', user(), 'negado'],
    ['/planoPagamento', user({ permissoes: ['PERM_PLANO_PAGAMENTO_ACESSO'], tipoCliente: 'TODOS' }), 'negado'],
    ['/planoPagamento', user({ permissoes: ['PERM_PLANO_PAGAMENTO_ACESSO'] }), 'permitido'],
    ['/atualizacao', user(), 'negado'],
    ['/atualizacao', user({ administrador: true }), 'permitido'],
    ['/gruposUsuario/grupos/cadastro/:id?', user(), 'negado'],
    ['/notificacoes', user(), 'permitido'],
  ])('%s', (p, u, esperado) => {
    expect(decidirAcesso(rota(p), u).tipo).toBe(esperado);
  });

  it('sends legacy routes to /vf with r and b when the permission is held', () => {
    const d = decidirAcesso(
      rota('/estoque/extrato-estoque'),
      user({ permissoes: ['PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO'] }),
    );
    expect(d).toEqual({
      tipo: 'redirecionar',
      para: '/vf?r=%2FrelatorioExtratoEstoque%2Findex&b=Estoque%20%3E%20Relat%C3%B3rios%20%3E%20Extrato%20de%20estoque',
      substituir: true,
    });
    expect(decidirAcesso(rota('/frenteDeLoja/inconsistenciaSubidaDeVendas'), user()).tipo).toBe('negado');
    expect(decidirAcesso(rota('/inventario'), user({ permissoes: ['PERM_INVENTARIO_ACESSO'] })).tipo).toBe(
      'redirecionar',
    );
  });

  it('carries the route params and the sub-screen in r, and opens the framed screen for the legacy permission', () => {
    const u = user({ permissoes: ['PERM_INVENTARIO_ACESSO'] });
    const d = decidirAcesso(rota('/inventario/:id/finalizar'), u, { id: '5' });
    expect(d).toMatchObject({ tipo: 'redirecionar' });
    const para = new URLSearchParams((d as { para: string }).para.split('?')[1]);
    expect(para.get('r')).toBe('/inventario/index?id=5&etapa=finalizar');
    expect(para.get('b')).toBe('Estoque > Movimentação de mercadoria > Finalização de inventário');
    expect(decidirAcesso(rota('/inventario/:id/finalizar'), u, { id: '5' }, q('quadroLegado=1')).tipo).toBe(
      'permitido',
    );
    // the frame flag opens nothing without the legacy permission
    expect(decidirAcesso(rota('/inventario/:id/finalizar'), user(), { id: '5' }, q('quadroLegado=1')).tipo).toBe(
      'negado',
    );
  });

  it('sends /conciliacaoContaCorrente/conciliar back to the panel without conta, inicio and fim', () => {
    const r = rota('/conciliacaoContaCorrente/conciliar');
    const u = user({ permissoes: ['PERM_CONCILIACAO_DE_CC_ACESSO'] });
    expect(decidirAcesso(r, u, {}, q('conta=1&inicio=2026-01-01'))).toMatchObject({
      para: '/conciliacaoContaCorrente',
    });
    expect(decidirAcesso(r, u, {}, q('conta=1&inicio=2026-01-01&fim=2026-01-31')).tipo).toBe('permitido');
  });

  it('applies the user-group rules', () => {
    expect(decidirAcesso(rota('/gruposUsuarios'), user())).toMatchObject({ para: '/gruposUsuario/cadastro/7' });
    expect(decidirAcesso(rota('/gruposUsuarios'), user({ administrador: true })).tipo).toBe('negado');
    const cadastro = rota('/gruposUsuario/cadastro/:id?');
    expect(decidirAcesso(cadastro, user(), { id: '7' }).tipo).toBe('permitido');
    expect(decidirAcesso(cadastro, user(), { id: '8' }).tipo).toBe('negado');
  });
});

describe('menu', () => {
  it('lists only what the user may open, with slugs in group > section > item', () => {
    const m = montarMenu(
      user({ permissoes: ['PERM_GENERO_ACESSO', 'PERM_PLANO_PAGAMENTO_ACESSO'], tipoCliente: 'TODOS' }),
    );
    const folhas = folhasMenu(m).map((f) => [...f.trilha, f.entry.descricao].join(' > '));
    expect(folhas).toEqual([
      'Dashboards',
      'Administrativo > Cadastro > Grupos e usuários',
      'Fiscal > Cadastro > Gênero',
    ]);
  });
});
