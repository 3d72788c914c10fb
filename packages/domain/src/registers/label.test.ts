import { describe, expect, it } from 'vitest';
import { REGISTERS } from './registry';

/** Every sentence about a record is declared in full with the register (the code inflects nothing). */
describe('register labels', () => {
  it.each(REGISTERS.map((r) => [r.key, r.label] as const))('%s writes out its messages', (_key, label) => {
    const { singular, naoEncontrado, incluido, excluido, indefinido, definido } = label;
    expect(naoEncontrado).toMatch(new RegExp(`^${escapeRegex(singular)} não (encontrado|encontrada)\\.$`));
    expect(incluido).toMatch(new RegExp(`^${escapeRegex(singular)} (incluído|incluída)\\.$`));
    expect(excluido).toMatch(new RegExp(`^${escapeRegex(singular)} (excluído|excluída)\\.$`));
    const feminino = naoEncontrado.endsWith('a.');
    // one gender across the sentences of a register
    expect([incluido.endsWith('a.'), excluido.endsWith('a.')]).toEqual([feminino, feminino]);
    expect(indefinido.toLowerCase()).toBe(`${feminino ? 'uma' : 'um'} ${singular.toLowerCase()}`);
    expect(definido.toLowerCase()).toBe(`${feminino ? 'a' : 'o'} ${singular.toLowerCase()}`);
  });
});

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
