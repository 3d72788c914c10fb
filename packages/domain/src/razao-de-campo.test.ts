/** Field errors read as sentences by their label ("Descrição: Já cadastrada."), never the internal name. */
import { describe, expect, it } from 'vitest';
import { falhaDeCampo, frase, razaoDeCampo } from './contrato';
import { produto } from './produto/produto.register';
import { rotuloDoCampo } from './registers/rotulo-de-campo';

describe('razaoDeCampo', () => {
  it.each([
    [falhaDeCampo('descricao', 'já cadastrada.', 'Descrição'), 'Descrição: Já cadastrada.'],
    [falhaDeCampo('descricao', 'já cadastrada', 'Descrição'), 'Descrição: Já cadastrada.'],
    [falhaDeCampo('username', 'já está em uso.'), 'Nome de usuário: Já está em uso.'],
    [falhaDeCampo('lojasUsuario.0.lojaId', 'inexistente'), 'Lojas: Inexistente.'],
    [falhaDeCampo('falhar', 'o passo recusou.'), 'O passo recusou.'],
    [
      falhaDeCampo('origem', 'Valor inválido. Use um de: 0, 1.', 'Origem da mercadoria'),
      'Origem da mercadoria: Valor inválido. Use um de: 0, 1.',
    ],
  ])('%o → %s', (f, texto) => expect(razaoDeCampo(f)).toBe(texto));

  it('frase: capital first letter and a final stop', () => {
    expect(frase('é obrigatório')).toBe('É obrigatório.');
    expect(frase('')).toBe('');
  });
});

describe('rotuloDoCampo', () => {
  it('finds the declared label of a path, row indexes skipped', () => {
    expect(rotuloDoCampo(produto, 'descricao')).toBe('Descrição');
    expect(rotuloDoCampo(produto, 'origem')).toBe('Origem da mercadoria');
    expect(rotuloDoCampo(produto, 'id')).toBe('Código');
    expect(rotuloDoCampo(produto, 'naoExiste')).toBeUndefined();
  });
});
