/** Error reporting in the browser: off without a DSN (the SDK is not even loaded), on with one. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startErrorReporting, resetErrorReporting, reportError } from './error-reporting';

function sdkFalso() {
  return {
    init: vi.fn(),
    captureException: vi.fn(),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  };
}
type Sdk = typeof import('@sentry/browser');

afterEach(() => resetErrorReporting());

describe('error reporting in the browser', () => {
  it('sem DSN o SDK não é carregado e nada é enviado', async () => {
    const sdk = sdkFalso();
    const carregar = vi.fn(async () => sdk as unknown as Sdk);
    reportError(new Error('antes'));
    expect(await startErrorReporting(async () => ({ relatorioErros: null }), carregar)).toBe(false);
    reportError(new Error('depois'));
    expect(carregar).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('a configuração indisponível também deixa desligado', async () => {
    const carregar = vi.fn(async () => sdkFalso() as unknown as Sdk);
    const falha = async () => {
      throw new Error('503');
    };
    expect(await startErrorReporting(falha, carregar)).toBe(false);
    expect(carregar).not.toHaveBeenCalled();
  });

  it('com DSN inicia com amostragem 0,1 e envia os erros guardados antes de carregar', async () => {
    const sdk = sdkFalso();
    const erro = new Error('antes de carregar');
    reportError(erro);
    const dsn = 'http://chave@127.0.0.1:9/1';
    const ligado = await startErrorReporting(
      async () => ({ relatorioErros: { dsn, tracesSampleRate: 0.1 } }),
      async () => sdk as unknown as Sdk,
    );
    expect(ligado).toBe(true);
    expect(sdk.init).toHaveBeenCalledWith(expect.objectContaining({ dsn, tracesSampleRate: 0.1 }));
    expect(sdk.captureException).toHaveBeenCalledWith(erro);
    const outro = new Error('depois');
    reportError(outro);
    expect(sdk.captureException).toHaveBeenLastCalledWith(outro);
  });
});
