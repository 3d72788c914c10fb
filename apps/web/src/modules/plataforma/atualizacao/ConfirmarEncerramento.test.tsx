/** The update and the logout request ask first, naming how many sessions end (plural written out). */
import { describe, expect, it } from 'vitest';
import type { SessaoAtiva } from './atualizacao.api';
import { textoSessoesAtivas } from './atualizacao.regras';
import { sessoesEncerradas } from './ConfirmarEncerramento';

const sessao = (id: number, atual = false, usuarioId = id) =>
  ({ id: String(id), usuarioId, username: `u${id}`, atual }) as Partial<SessaoAtiva> as SessaoAtiva;

describe('confirmação de encerramento de sessões', () => {
  it.each([
    [0, '0 sessões ativas'],
    [1, '1 sessão ativa'],
    [12, '12 sessões ativas'],
  ])('%i → %s', (n, texto) => expect(textoSessoesAtivas(n)).toBe(texto));

  it('a atualização encerra todas; o pedido de logout poupa as sessões de quem pede', () => {
    const sessoes = [sessao(1, true), sessao(4, false, 1), sessao(2), sessao(3)];
    expect(sessoesEncerradas('atualizar', sessoes)).toBe(4);
    expect(sessoesEncerradas('logout', sessoes)).toBe(2);
    expect(sessoesEncerradas('logout', null)).toBe(0);
  });
});
