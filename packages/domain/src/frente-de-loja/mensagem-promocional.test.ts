import { describe, expect, it } from 'vitest';
import { errosHorario, errosTextoCupom, mensagemEmVigor } from './mensagem-promocional';

describe('mensagens promocionais', () => {
  it.each([
    ['Leve 3 e pague 2', 0],
    ['a\nb\nc\nd\ne', 0],
    ['a\nb\nc\nd\ne\nf', 1],
    ['x'.repeat(48), 0],
    ['x'.repeat(49), 1],
    [`ok\r\n${'ç'.repeat(48)}`, 0],
  ])('texto %j → %i erro(s)', (texto, n) => expect(errosTextoCupom(texto)).toHaveLength(n));

  it.each([
    [null, null, 0],
    ['08:00', '12:00', 0],
    ['08:00', null, 1],
    ['12:00', '08:00', 1],
    ['08:00', '08:00', 1],
  ])('horário %s–%s → %i erro(s)', (i, f, n) => expect(errosHorario(i, f)).toHaveLength(n));

  const quarta = {
    vigenciaInicio: '2026-01-01',
    vigenciaFim: '2026-12-31',
    diasSemana: ['QUA'],
    horaInicio: '08:00',
    horaFim: '12:00',
  };
  it.each([
    ['2026-11-18', '09:00', true], // a Wednesday, in the window
    ['2026-11-18', '12:00', false], // the end is exclusive
    ['2026-11-19', '09:00', false], // Thursday
    ['2027-01-06', '09:00', false], // after the period
  ])('em vigor em %s %s: %s', (data, hora, esperado) => expect(mensagemEmVigor(quarta, data, hora)).toBe(esperado));

  it('inactive or not yet started messages are not sent', () => {
    expect(mensagemEmVigor({ vigenciaInicio: '2026-12-01' }, '2026-11-30', '10:00')).toBe(false);
    expect(mensagemEmVigor({ vigenciaInicio: '2026-01-01', ativo: false }, '2026-11-30', '10:00')).toBe(false);
    expect(mensagemEmVigor({ vigenciaInicio: '2026-01-01' }, '2026-11-30', '23:59')).toBe(true);
  });
});
