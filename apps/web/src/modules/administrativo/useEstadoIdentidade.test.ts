import { describe, expect, it } from 'vitest';
import { estadoDaQuery, queryDoEstado } from './useEstadoIdentidade';

describe('list state in the URL', () => {
  it('reads defaults from an empty query and writes nothing back for them', () => {
    const e = estadoDaQuery(new URLSearchParams('aba=usuarios'));
    expect(e).toEqual({
      filtro: { codigo: '', nome: '', status: 'todos' },
      pagina: 1,
      tamanho: 10,
      ordem: { campo: 'nome', desc: false },
    });
    expect(queryDoEstado(e, new URLSearchParams('aba=usuarios')).toString()).toBe('aba=usuarios');
  });

  it('round-trips filters, page, size and order, ignoring an unknown status', () => {
    const q = new URLSearchParams('codigo=5&nome=fiscal&status=inativos&pagina=3&tamanho=25&ordem=-id');
    const e = estadoDaQuery(q);
    expect(e.ordem).toEqual({ campo: 'id', desc: true });
    expect(queryDoEstado(e, new URLSearchParams()).toString()).toBe(q.toString());
    expect(estadoDaQuery(new URLSearchParams('status=qualquer&pagina=-2')).filtro.status).toBe('todos');
    expect(estadoDaQuery(new URLSearchParams('pagina=-2')).pagina).toBe(1);
  });
});
