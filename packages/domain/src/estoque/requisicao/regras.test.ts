import { describe, expect, it } from 'vitest';
import { entradaRequisicaoEstoque } from './contrato';
import { acoesDaRequisicao, regraDeAprovacao, transicaoRequisicao } from './regras';
import { STATUS_REQUISICAO } from './status';

describe('requisition transition table', () => {
  it.each([
    ['ABERTA', 'aprovar', 'APROVADA'],
    ['ABERTA', 'transferir', 'TRANSFERIDA'],
    ['APROVADA', 'transferir', 'TRANSFERIDA'],
    ['TRANSFERIDA', 'receber', 'RECEBIDA'],
    ['ABERTA', 'cancelar', 'CANCELADA'],
    ['APROVADA', 'cancelar', 'CANCELADA'],
    ['APROVADA', 'aprovar', null],
    ['ABERTA', 'receber', null],
    ['TRANSFERIDA', 'cancelar', null],
    ['TRANSFERIDA', 'transferir', null],
    ['RECEBIDA', 'cancelar', null],
    ['CANCELADA', 'transferir', null],
  ] as const)('%s + %s → %s', (de, acao, para) => {
    expect(transicaoRequisicao(de, acao)).toBe(para);
  });

  it('final statuses take no action', () => {
    for (const s of ['RECEBIDA', 'CANCELADA'] as const) expect(acoesDaRequisicao(s, true)).toEqual([]);
  });
});

describe('approval rule', () => {
  it('a motivo that asks for approval keeps an open requisition from leaving', () => {
    expect(regraDeAprovacao('transferir', 'ABERTA', true)).toBe('pendente');
    expect(regraDeAprovacao('transferir', 'APROVADA', true)).toBeNull();
    expect(acoesDaRequisicao('ABERTA', true)).toEqual(['aprovar', 'cancelar']);
  });
  it('a motivo that does not ask for it cannot be approved and goes straight to the transfer', () => {
    expect(regraDeAprovacao('aprovar', 'ABERTA', false)).toBe('dispensada');
    expect(regraDeAprovacao('transferir', 'ABERTA', false)).toBeNull();
    expect(acoesDaRequisicao('ABERTA', false)).toEqual(['transferir', 'cancelar']);
  });
  it('every status is in the table', () => {
    for (const s of STATUS_REQUISICAO) expect(acoesDaRequisicao(s, false)).toBeInstanceOf(Array);
  });
});

describe('requisition contract', () => {
  const base = { lojaDestinoId: 1, localDestinoId: 2, lojaOrigemId: 1, localOrigemId: 3, motivoId: 1 };
  it('refuses the same location at both ends and a product twice', () => {
    const r = entradaRequisicaoEstoque.safeParse({
      ...base,
      localOrigemId: 2,
      itens: [
        { produtoId: 5, quantidade: '1' },
        { produtoId: 5, quantidade: '2' },
      ],
    });
    expect(r.success).toBe(false);
    const caminhos = r.error!.issues.map((i) => i.path.join('.'));
    expect(caminhos).toContain('localDestinoId');
    expect(caminhos).toContain('itens.1.produtoId');
  });
  it('takes decimal text quantities, positive', () => {
    expect(entradaRequisicaoEstoque.safeParse({ ...base, itens: [{ produtoId: 5, quantidade: '2.5' }] }).success).toBe(
      true,
    );
    expect(entradaRequisicaoEstoque.safeParse({ ...base, itens: [{ produtoId: 5, quantidade: '0' }] }).success).toBe(
      false,
    );
  });
});
