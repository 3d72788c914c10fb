import { MSG, registerByKey } from '@retaguarda/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterFormPage } from '../RegisterFormPage';
import { apiFalsa, comUsuario, renderizarRota } from '../../test/cadastros';

const mensagem = registerByKey('mensagemPromocional')!;
const REDE = {
  id: 7,
  titulo: 'Promoção de rede',
  texto: 'Leve 3 pague 2.',
  local: 'RODAPE_CUPOM',
  vigenciaInicio: '2026-11-01',
  prioridade: 1,
  ativo: true,
  versao: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe('a record reaching stores the user does not hold', { timeout: 30_000 }, () => {
  it('is read-only, saying why, for a user with EDITAR of one store', async () => {
    comUsuario(['PERM_MENSAGENS_PROMOCIONAIS_ACESSO', 'PERM_MENSAGENS_PROMOCIONAIS_EDITAR']);
    apiFalsa((c) =>
      c.url.endsWith('/7')
        ? { body: { ...REDE, lojas: [1, 2, 3] } }
        : { body: { start: 0, count: 0, total: 0, items: [] } },
    );
    renderizarRota('/m', <RegisterFormPage def={mensagem} id="7" aoVoltar={() => {}} />, '/m');
    const titulo = (await screen.findByDisplayValue('Promoção de rede')) as HTMLInputElement;
    expect(titulo.readOnly).toBe(true);
    expect(screen.getByText(MSG.registroDeOutrasLojas)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Salvar/ })).toBeNull();
  });

  it("of the user's own store only, stays editable", async () => {
    comUsuario(['PERM_MENSAGENS_PROMOCIONAIS_ACESSO', 'PERM_MENSAGENS_PROMOCIONAIS_EDITAR']);
    apiFalsa((c) =>
      c.url.endsWith('/7') ? { body: { ...REDE, lojas: [1] } } : { body: { start: 0, count: 0, total: 0, items: [] } },
    );
    renderizarRota('/m', <RegisterFormPage def={mensagem} id="7" aoVoltar={() => {}} />, '/m');
    const titulo = (await screen.findByDisplayValue('Promoção de rede')) as HTMLInputElement;
    expect(titulo.readOnly).toBe(false);
    expect(screen.queryByText(MSG.registroDeOutrasLojas)).toBeNull();
    expect(screen.getByRole('button', { name: /Salvar/ })).toBeTruthy();
  });
});
