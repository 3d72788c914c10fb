import { describe, expect, it } from 'vitest';
import { padraoDaUrl } from '../ncm/secoes';
import { linkNovoCenario } from './link';

describe('link da cobertura para o novo cenário', () => {
  it('opens the NCM form with the class scope filled in', () => {
    const url = linkNovoCenario({
      ncm: '33059000',
      cest: '2001700',
      origem: '0',
      lojaId: 4,
      lojaFantasia: 'Centro',
      uf: 'SP',
      crt: 1,
      produtos: 12,
      produtoExemploId: 99,
      faltando: ['x'],
    });
    expect(url.startsWith('/fiscal/cenarios-fiscais/ncm?')).toBe(true);
    expect(padraoDaUrl(new URLSearchParams(url.split('?')[1]))).toMatchObject({
      ncm: '33059000',
      cest: '2001700',
      ufOrigem: 'SP',
      ufDestino: 'SP',
      crt: 1,
      descricao: '3305.90.00 SP CRT 1',
    });
  });
});
