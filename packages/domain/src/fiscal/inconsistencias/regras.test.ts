import { describe, expect, it } from 'vitest';
import { rotuloCampoProposto } from './contrato';
import { normalizarValorLote, transicaoLote } from './regras';

describe('lote de inconsistências: transições', () => {
  it('rascunho → análise → finalizado; cancelar antes de finalizar', () => {
    expect(transicaoLote('RASCUNHO', 'analisar')).toBe('EM_ANALISE');
    expect(transicaoLote('EM_ANALISE', 'finalizar')).toBe('FINALIZADO');
    expect(transicaoLote('RASCUNHO', 'cancelar')).toBe('CANCELADO');
    expect(transicaoLote('EM_ANALISE', 'propor')).toBe('EM_ANALISE');
  });
  it('finalizado ou cancelado não muda mais; rascunho não finaliza sem análise', () => {
    for (const acao of ['propor', 'analisar', 'finalizar', 'cancelar'] as const) {
      expect(transicaoLote('FINALIZADO', acao)).toBeNull();
      expect(transicaoLote('CANCELADO', acao)).toBeNull();
    }
    expect(transicaoLote('RASCUNHO', 'finalizar')).toBeNull();
  });
});

describe('valores propostos', () => {
  it('GTIN só com o dígito verificador correto', () => {
    expect(normalizarValorLote('gtin', '7891000315507')).toBe('7891000315507');
    expect(normalizarValorLote('gtin', '7891000315508')).toBeNull();
    expect(normalizarValorLote('gtin', '123')).toBeNull();
  });
  it('NCM e CEST aceitam pontos; formato errado é recusado', () => {
    expect(normalizarValorLote('ncm', '3304.99.10')).toBe('33049910');
    expect(normalizarValorLote('ncm', '3304')).toBeNull();
    expect(normalizarValorLote('cest', '20.008.00')).toBe('2000800');
    expect(normalizarValorLote('regime', '12')).toBe('12');
    expect(normalizarValorLote('regime', 'x')).toBeNull();
  });
});

describe('rótulos dos campos', () => {
  it('"proposto" concorda com o campo', () => {
    expect(rotuloCampoProposto('situacao')).toBe('Situação fiscal proposta');
    expect(rotuloCampoProposto('natureza')).toBe('Natureza PIS/COFINS proposta');
    expect(rotuloCampoProposto('regime')).toBe('Regime tributário proposto');
    expect(rotuloCampoProposto('ncm')).toBe('NCM proposto');
  });
});
