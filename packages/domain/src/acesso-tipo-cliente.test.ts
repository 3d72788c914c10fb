/** Legacy routes check the client type before sending holders to /vf; a route's feature flag is honoured. */
import { describe, expect, it } from 'vitest';
import { decidirAcesso, podeVerNoMenu, type UsuarioAcesso } from './acesso';
import { ROTAS } from './routes';

const rota = (p: string) => ROTAS.find((x) => x.path === p)!;
const user = (over: Partial<UsuarioAcesso> = {}): UsuarioAcesso => ({
  id: 7,
  administrador: false,
  tipoCliente: 'BOTICARIO',
  permissoes: [],
  ...over,
});

describe('legacy routes and client type', () => {
  it('a TODOS holder of the legacy permission of a franchise-only screen is denied, not sent to /vf', () => {
    const u = user({ tipoCliente: 'TODOS', permissoes: ['PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO'] });
    expect(decidirAcesso(rota('/estoque/extrato-estoque'), u).tipo).toBe('negado');
    expect(podeVerNoMenu(rota('/estoque/extrato-estoque'), u)).toBe(false);
    const franquia = user({ permissoes: ['PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO'] });
    expect(decidirAcesso(rota('/estoque/extrato-estoque'), franquia).tipo).toBe('redirecionar');
  });

  it('the feature flag of a legacy route gates the others (default on)', () => {
    const r = rota('/cadastroInventario');
    const flag = r.especial?.tipo === 'legado' ? r.especial.featureFlag! : '';
    expect(flag).toBe('inventario');
    const semLegado = user({ permissoes: ['PERM_INVENTARIO_INCLUIR'] });
    expect(decidirAcesso(r, semLegado).tipo).toBe('permitido');
    expect(decidirAcesso(r, { ...semLegado, flags: { [flag]: false } }).tipo).toBe('negado');
    expect(decidirAcesso(r, { ...semLegado, flags: { [flag]: true } }).tipo).toBe('permitido');
  });
});
