/** A route's own feature flag (#27.16): the demo history is an administrator's screen of a demo tenant only. */
import { describe, expect, it } from 'vitest';
import { decidirAcesso, podeVerNoMenu, type UsuarioAcesso } from './acesso';
import { ROTAS_EXTRAS } from './routes';

const rota = ROTAS_EXTRAS.find((x) => x.path === '/historicoDemonstracao')!;
const admin: UsuarioAcesso = { id: 1, administrador: true, tipoCliente: 'TODOS', permissoes: [] };

describe('histórico de demonstração', () => {
  it('no menu de Administrativo para o administrador de um assinante de demonstração', () => {
    expect(rota).toMatchObject({ menu: true, admin: true, featureFlag: 'demonstracao' });
    expect(rota.breadcrumb[0]).toBe('Administrativo');
    expect(podeVerNoMenu(rota, { ...admin, flags: { demonstracao: true } })).toBe(true);
    expect(decidirAcesso(rota, { ...admin, flags: { demonstracao: true } }).tipo).toBe('permitido');
  });

  it('escondido e fechado num assinante que não é de demonstração, e para quem não é administrador', () => {
    expect(podeVerNoMenu(rota, { ...admin, flags: { demonstracao: false } })).toBe(false);
    expect(decidirAcesso(rota, { ...admin, flags: { demonstracao: false } }).tipo).toBe('negado');
    expect(podeVerNoMenu(rota, { ...admin, administrador: false, flags: { demonstracao: true } })).toBe(false);
  });
});
