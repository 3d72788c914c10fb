import { describe, expect, it } from 'vitest';
import type { Usuario } from './api';
import { corpoDoUsuario, entradaDoUsuario, errosLocais, VALORES_NOVO, valoresDoUsuario } from './usuario-form';

const salvo: Usuario = {
  id: 7,
  nome: 'Rita Vendas',
  username: 'rita.vendas',
  email: null,
  ativo: true,
  administrador: false,
  ultimoAcesso: null,
  setorId: 3,
  avatarUuid: null,
  contatos: [{ tipo: 'CELULAR', valor: '41 99999-0000', descricao: null }],
  lojasUsuario: [
    { lojaId: 2, principal: true },
    { lojaId: 1, principal: false },
  ],
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

  it('checks name, password confirmation and the principal store before sending', () => {
    expect(errosLocais(VALORES_NOVO, true, true)).toEqual({
      nome: 'Informe o nome.',
      username: 'Informe o usuário (ao menos 3 caracteres).',
      senha: 'Informe a senha do novo usuário.',
      lojasUsuario: 'Selecione ao menos uma loja.',
    });
    const v = { ...valoresDoUsuario(salvo), lojaPrincipal: '9', senha: 'abc', confirmacao: 'abd' };
    expect(errosLocais(v, false, true)).toEqual({
      confirmacao: 'A confirmação não confere com a senha.',
      lojasUsuario: 'Indique a loja principal entre as lojas selecionadas.',
    });
    // one's own record checks only the personal fields
    expect(errosLocais({ ...v, confirmacao: 'abc' }, false, false)).toEqual({});
  });
});
