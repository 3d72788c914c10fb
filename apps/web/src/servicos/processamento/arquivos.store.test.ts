import { beforeEach, describe, expect, it } from 'vitest';
import { relatorioDoLink, useArquivosEmProcessamento } from './arquivos.store';

describe('arquivos em processamento', () => {
  beforeEach(() => useArquivosEmProcessamento.getState().limpar());

  it('adiciona sem duplicar pelo id e remove', () => {
    const s = useArquivosEmProcessamento.getState();
    s.adicionar({ id: 'a', tipo: 'LISTA_CADASTRO', titulo: 'Marcas' });
    s.adicionar({ id: 'a', tipo: 'LISTA_CADASTRO', titulo: 'Marcas de novo' });
    s.adicionar({ id: 'b', tipo: 'HISTORICO_REGISTRO' });
    expect(useArquivosEmProcessamento.getState().arquivos.map((a) => [a.id, a.titulo])).toEqual([
      ['a', 'Marcas'],
      ['b', undefined],
    ]);
    s.remover('a');
    expect(useArquivosEmProcessamento.getState().arquivos.map((a) => a.id)).toEqual(['b']);
  });

  it('reconhece o relatório anunciado por uma notificação', () => {
    expect(relatorioDoLink('/visualizacao-relatorio/3f2a')).toBe('3f2a');
    expect(relatorioDoLink('/notificacoes')).toBeUndefined();
    expect(relatorioDoLink(null)).toBeUndefined();
  });
});
