import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePermissao } from './permissao';
import { useSessao } from './store';

const comPermissoes = (permissoes: string[]) =>
  useSessao.setState({ usuario: { id: 1, administrador: false, tipoCliente: 'TODOS', permissoes, lojasUsuario: [] } });

describe('usePermissao', () => {
  it('needs any one of the permissions asked', () => {
    comPermissoes(['PERM_MARCA_ACESSO']);
    expect(renderHook(() => usePermissao(['PERM_MARCA_INCLUIR', 'PERM_MARCA_EDITAR'])).result.current).toBe(false);
    comPermissoes(['PERM_MARCA_EDITAR']);
    expect(renderHook(() => usePermissao(['PERM_MARCA_INCLUIR', 'PERM_MARCA_EDITAR'])).result.current).toBe(true);
  });

  it('allows when none is asked', () => {
    comPermissoes([]);
    expect(renderHook(() => usePermissao([])).result.current).toBe(true);
  });
});
