import { describe, expect, it } from 'vitest';
import { entradaInventario, entradaItemInventario } from './contrato';
import { falhaDoEscopo, somarContagem, STATUS_ABERTOS, transicaoInventario } from './regras';

describe('inventário: tabela de transições', () => {
  it('each action from its statuses only; FINALIZADO and CANCELADO accept nothing', () => {
    expect(transicaoInventario('ABERTO', 'iniciar')).toBe('EM_CONTAGEM');
    expect(transicaoInventario('EM_CONTAGEM', 'contar')).toBe('EM_CONTAGEM');
    expect(transicaoInventario('ABERTO', 'contar')).toBeNull();
    expect(transicaoInventario('EM_CONTAGEM', 'encerrarContagem')).toBe('EM_CONFERENCIA');
    expect(transicaoInventario('EM_CONFERENCIA', 'recontar')).toBe('EM_CONTAGEM');
    expect(transicaoInventario('EM_CONFERENCIA', 'finalizar')).toBe('FINALIZADO');
    expect(transicaoInventario('ABERTO', 'finalizar')).toBeNull();
    for (const fim of ['FINALIZADO', 'CANCELADO'] as const)
      for (const a of ['iniciar', 'contar', 'encerrarContagem', 'recontar', 'finalizar', 'cancelar'] as const)
        expect(transicaoInventario(fim, a)).toBeNull();
    for (const s of STATUS_ABERTOS) expect(transicaoInventario(s, 'cancelar')).toBe('CANCELADO');
  });
});

describe('inventário: regras', () => {
  it('scope: GERAL takes none, PARCIAL and ROTATIVO need a non-empty list', () => {
    expect(falhaDoEscopo('GERAL', null)).toBeNull();
    expect(falhaDoEscopo('GERAL', { secoes: [1] })).toBe('emGeral');
    expect(falhaDoEscopo('PARCIAL', null)).toBe('exigido');
    expect(falhaDoEscopo('ROTATIVO', { secoes: [] })).toBe('exigido');
    expect(falhaDoEscopo('ROTATIVO', { marcas: [3] })).toBeNull();
  });

  it('a count line adds to the count, or replaces it', () => {
    expect(somarContagem(null, '2.5', false)).toBe('2.5');
    expect(somarContagem('2.5', '1', false)).toBe('3.5');
    expect(somarContagem('2.5', '1', true)).toBe('1');
  });

  it('dataReferencia is a store-local instant; quantities never negative', () => {
    const base = { lojaId: 1, localId: 2, descricao: 'x', tipo: 'GERAL' };
    expect(entradaInventario.parse({ ...base, dataReferencia: '2026-05-01T10:30' }).dataReferencia).toBe(
      '2026-05-01T10:30:00',
    );
    expect(entradaInventario.safeParse({ ...base, dataReferencia: '2026-05-01' }).success).toBe(false);
    expect(entradaInventario.safeParse({ ...base, dataReferencia: '2026-05-01T25:00:00' }).success).toBe(false);
    expect(
      entradaInventario.safeParse({ ...base, dataReferencia: '2026-05-01T10:00:00', numeroContagens: 4 }).success,
    ).toBe(false);
    expect(entradaItemInventario.safeParse({ id: 1, produtoId: 2, quantidade: '-1' }).success).toBe(false);
    expect(entradaItemInventario.parse({ id: 1, codigo: 7891000, quantidade: 3 }).codigo).toBe('7891000');
  });
});
