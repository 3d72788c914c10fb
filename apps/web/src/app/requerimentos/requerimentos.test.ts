import { describe, expect, it } from 'vitest';
import { detectarNavegador } from './requerimentos';

const UA = {
  chrome120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
  chrome100:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.60 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0',
  safari163:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Safari/605.1.15',
  safari17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
};

describe('requerimentos da aplicação: detecção do navegador', () => {
  it.each([
    [UA.chrome120, 'Google Chrome', true],
    [UA.chrome100, 'Google Chrome', false],
    [UA.edge, 'Microsoft Edge', true],
    [UA.firefox, 'Mozilla Firefox', true],
    [UA.safari163, 'Safari', false],
    [UA.safari17, 'Safari', true],
    [UA.ie11, 'Internet Explorer', false],
    ['curl/8.0', 'Navegador não identificado', false],
  ])('%s', (ua, nome, suportado) => {
    const d = detectarNavegador(ua);
    expect(d.nome).toBe(nome);
    expect(d.suportado).toBe(suportado);
  });
});
