import { PERMISSION_CATALOGUE } from '@retaguarda/domain';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderizar } from '../../test/render';
import { rsqlDoFiltro } from './filtros';
import {
  alternarCelula,
  alternarColuna,
  alternarLinha,
  filtrarCatalogo,
  marcacaoColuna,
  marcacaoLinha,
  montarCatalogo,
} from './permissoes-catalogo';
import { SeletorPermissoes } from './SeletorPermissoes';

const linhaDe = (base: string) => {
  const l = montarCatalogo()
    .flatMap((a) => a.linhas)
    .find((x) => x.base === base);
  if (!l) throw new Error(`sem linha ${base}`);
  return l;
};

describe('permission picker rows', () => {
  it('holds every catalogued code exactly once', () => {
    const codigos = montarCatalogo().flatMap((a) => a.linhas.flatMap((l) => Object.values(l.codigos)));
    expect(codigos.sort()).toEqual(PERMISSION_CATALOGUE.map((p) => p.codigo).sort());
  });

  it('groups registers under the menu area of their screens', () => {
    expect(linhaDe('NCM').area).toBe('Fiscal');
    expect(linhaDe('MARCA').area).toBe('Produto');
    expect(linhaDe('NOVO_USUARIOS_E_GRUPOS').area).toBe('Administrativo');
    expect(montarCatalogo()[0]?.area).toBe('Administrativo');
  });

  it('gives a code without verb a single ACESSO cell', () => {
    expect(linhaDe('PERM_RELATORIO_EXTRATO_MOVIMENTACOES').codigos).toEqual({
      ACESSO: 'PERM_RELATORIO_EXTRATO_MOVIMENTACOES',
    });
  });

  it('keeps only the verbs a catalogue has', () => {
    const l = montarCatalogo([{ codigo: 'PERM_NCM_ACESSO' }, { codigo: 'PERM_NCM_EDITAR' }])[0]?.linhas[0];
    expect(l?.codigos).toEqual({ ACESSO: 'PERM_NCM_ACESSO', EDITAR: 'PERM_NCM_EDITAR' });
  });

  it('filters by label, area or code ignoring accents and case', () => {
    const areas = montarCatalogo();
    expect(filtrarCatalogo(areas, 'genero').flatMap((a) => a.linhas.map((l) => l.base))).toEqual(['GENERO']);
    expect(filtrarCatalogo(areas, 'perm_marca').flatMap((a) => a.linhas.map((l) => l.base))).toEqual(['MARCA']);
    expect(filtrarCatalogo(areas, 'FRENTE DE LOJA').map((a) => a.area)).toEqual(['Frente de loja']);
    expect(filtrarCatalogo(areas, 'xyz-nada')).toEqual([]);
  });

  it('marks ACESSO with any other verb, and unmarking ACESSO clears the row', () => {
    const marca = linhaDe('MARCA');
    let sel = alternarCelula(marca, 'EDITAR', new Set(), true);
    expect([...sel].sort()).toEqual(['PERM_MARCA_ACESSO', 'PERM_MARCA_EDITAR']);
    expect(marcacaoLinha(marca, sel)).toBe('alguns');
    sel = alternarCelula(marca, 'EDITAR', sel, false);
    expect([...sel]).toEqual(['PERM_MARCA_ACESSO']);
    sel = alternarLinha(marca, sel, true);
    expect(marcacaoLinha(marca, sel)).toBe('todos');
    sel = alternarCelula(marca, 'ACESSO', sel, false);
    expect(sel.size).toBe(0);
  });

  it('selects a column over the given rows only', () => {
    const linhas = filtrarCatalogo(montarCatalogo(), 'Produto').flatMap((a) => a.linhas);
    const fora = linhaDe('NCM');
    const sel = alternarColuna(linhas, 'INCLUIR', new Set([fora.codigos.ACESSO as string]), true);
    expect(marcacaoColuna(linhas, 'INCLUIR', sel)).toBe('todos');
    expect(marcacaoColuna(linhas, 'ACESSO', sel)).toBe('todos');
    expect(marcacaoColuna(linhas, 'EXCLUIR', sel)).toBe('nenhum');
    expect(sel.has('PERM_NCM_ACESSO')).toBe(true);
    expect(sel.has('PERM_NCM_INCLUIR')).toBe(false);
    const limpo = alternarColuna(linhas, 'ACESSO', sel, false);
    expect([...limpo]).toEqual(['PERM_NCM_ACESSO']);
  });
});

describe('list search', () => {
  it("builds the RSQL of código, nome and status ('todos' ignored)", () => {
    expect(rsqlDoFiltro({ codigo: '', nome: '', status: 'todos' }, 'grupo')).toBeUndefined();
    expect(rsqlDoFiltro({ codigo: '5', nome: 'caixa "x"', status: 'ativos' }, 'grupo')).toBe(
      'id==5;nome=="*caixa \\"x\\"*";statusDeAtivacao==ATIVO',
    );
    expect(rsqlDoFiltro({ codigo: 'abc', nome: '', status: 'inativos' }, 'usuario')).toBe('ativo==false');
  });
});

// a few registers keep the jsdom table small; the whole catalogue is covered by the row tests
const PERMITIDAS = PERMISSION_CATALOGUE.map((p) => p.codigo).filter((c) => /^PERM_(NCM|MARCA|GENERO)_/.test(c));

function Seletor({ inicial = [] as string[] }) {
  const [valor, setValor] = useState<string[]>(inicial);
  return (
    <>
      <SeletorPermissoes valor={valor} aoMudar={setValor} permitidas={PERMITIDAS} altura={100_000} />
      <output data-testid="valor">{valor.join(',')}</output>
    </>
  );
}

describe('SeletorPermissoes', () => {
  it('filters rows and selects a visible column with its ACESSO', () => {
    renderizar(<Seletor />);
    fireEvent.change(screen.getByLabelText('Filtrar permissões'), { target: { value: 'marcas' } });
    expect(screen.queryByText('NCM')).toBeNull();
    expect(screen.getByText('Marcas')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Incluir: selecionar a coluna'));
    expect(screen.getByTestId('valor').textContent).toBe('PERM_MARCA_ACESSO,PERM_MARCA_INCLUIR');
    expect(screen.getByText('2 permissões selecionadas')).toBeTruthy();
  });

  it('shows a partly selected row as indeterminate and completes it', () => {
    renderizar(<Seletor inicial={['PERM_NCM_ACESSO']} />);
    const linha = screen.getByLabelText('Selecionar a linha NCM') as HTMLInputElement;
    expect(linha.dataset.indeterminate ?? linha.getAttribute('data-indeterminate')).toBeTruthy();
    fireEvent.click(linha);
    expect(screen.getByTestId('valor').textContent).toBe(
      'PERM_NCM_ACESSO,PERM_NCM_EDITAR,PERM_NCM_EXCLUIR,PERM_NCM_INCLUIR',
    );
  });

  it('shows only the selected rows on request', () => {
    renderizar(<Seletor inicial={['PERM_GENERO_ACESSO']} />);
    fireEvent.click(screen.getByLabelText('Só as selecionadas'));
    expect(screen.queryByText('Marcas')).toBeNull();
    expect(screen.getByText('Gênero')).toBeTruthy();
  });
});
