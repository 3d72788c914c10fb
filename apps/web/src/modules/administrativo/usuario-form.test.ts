import { usuarioFormulario } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import type { Usuario } from './api';
import { corpoDoUsuario, entradaDoUsuario, VALORES_NOVO, type ValoresUsuario, valoresDoUsuario } from './usuario-form';

/** The form schema's messages by field, as the screen shows them. */
function errosLocais(v: ValoresUsuario, novo: boolean, completo: boolean): Record<string, string> {
  const r = usuarioFormulario({ novo, completo }).safeParse(v);
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

const loja = (id: number, principal: boolean) => ({
  id,
  lojaId: id,
  ativo: true,
  sigla: `L${id}`,
  numeroDoDocumento: '',
  fantasia: `Loja ${id}`,
  nome: `Loja ${id}`,
  uf: 'PR',
  principal,
});

const salvo: Usuario = {
  id: 7,
  nome: 'Rita Vendas',
  username: 'rita.vendas',
  email: null,
  cpf: null,
  ativo: true,
  administrador: false,
  tipoCliente: 'TODOS',
  forcePasswordReset: false,
  ultimoAcesso: null,
  setorId: 3,
  avatarUuid: null,
  criadoEm: '2026-01-01T00:00:00.000Z',
  alteradoEm: '2026-01-01T00:00:00.000Z',
  contatos: [{ id: 1, tipo: 'CELULAR', valor: '41 99999-0000', descricao: null }],
  lojasUsuario: [loja(2, true), loja(1, false)],
  grupos: [{ id: 5, nome: 'Consulta', statusDeAtivacao: 'ATIVO' }],
  versao: 4,
};

describe('user form', () => {
  it('sends the password only when filled, and exactly one principal store', () => {
    const v = valoresDoUsuario(salvo);
    const sem = corpoDoUsuario(v, { comSenha: true, versao: 4 });
    expect(sem).not.toHaveProperty('senha');
    expect(sem.lojasUsuario).toEqual([
      { lojaId: 2, principal: true },
      { lojaId: 1, principal: false },
    ]);
    expect(sem).toMatchObject({ setorId: 3, grupos: [5], versao: 4, email: null });
    expect(corpoDoUsuario({ ...v, senha: 'Nova@2026' }, { comSenha: true }).senha).toBe('Nova@2026');
    // the own password goes through PUT …/nova-senha instead
    expect(corpoDoUsuario({ ...v, senha: 'Nova@2026' }, { comSenha: false })).not.toHaveProperty('senha');
  });

  it('drops empty contacts and keeps the groups out of a status toggle', () => {
    const v = { ...valoresDoUsuario(salvo), contatos: [...salvo.contatos, { tipo: 'EMAIL' as const, valor: '  ' }] };
    expect(corpoDoUsuario(v, { comSenha: false }).contatos).toHaveLength(1);
    expect(entradaDoUsuario(salvo)).not.toHaveProperty('grupos');
  });

  it('the form schema checks name, password confirmation and the principal store before sending', () => {
    expect(errosLocais(VALORES_NOVO, true, true)).toEqual({
      nome: 'Informe o nome.',
      username: 'Informe o usuário (ao menos 3 caracteres).',
      senha: 'Informe a senha do novo usuário.',
      lojasUsuario: 'Selecione ao menos uma loja.',
    });
    const v = { ...valoresDoUsuario(salvo), lojaPrincipal: '9', senha: 'abc', confirmacao: 'abd' };
    expect(errosLocais(v, false, true)).toEqual({
      senha: 'Deve ter pelo menos 8 caracteres.',
      confirmacao: 'A confirmação não confere com a senha.',
      lojasUsuario: 'Indique a loja principal entre as lojas selecionadas.',
    });
    // one's own record checks only the personal fields (and the password, when one is typed)
    expect(errosLocais({ ...v, senha: 'Nova@2026', confirmacao: 'Nova@2026' }, false, false)).toEqual({});
  });

  it("the password follows the domain's policy, with the server's messages", () => {
    const v = valoresDoUsuario(salvo);
    const senha = (s: string) => errosLocais({ ...v, senha: s, confirmacao: s }, false, false).senha;
    expect(senha('aaaaaaaa')).toBe('Não pode ser um mesmo caractere repetido.');
    expect(senha('        ')).toBe('Não pode ser formada só por espaços.');
    expect(senha('mudar123')).toBe('É comum demais; escolha outra.');
    expect(senha('rita.vendas2026')).toBe('Não pode ser nem conter o nome de usuário.');
    expect(senha('Demo@1234')).toBeUndefined();
  });
});
