/** A valid payload per register (contract and property tests); every declared register must have one. */
export type Sample = { create: (n: number) => Record<string, unknown>; update: Record<string, unknown>; textField?: string; nested?: Record<string, string> };

export const SAMPLES: Record<string, Sample> = {
  marca: { create: (n) => ({ descricao: `Marca Teste ${n}` }), update: { descricao: 'Marca Alterada' } },
  unidade: { create: (n) => ({ sigla: `T${n}`, descricao: `Unidade teste ${n}`, casasDecimais: 2 }), update: { descricao: 'Unidade alterada' } },
  setor: { create: (n) => ({ descricao: `Setor teste ${n}`, centroCusto: 'CC-1' }), update: { descricao: 'Setor alterado' } },
};
