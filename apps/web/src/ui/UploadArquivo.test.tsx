import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderizar } from '../test/render';
import { UploadArquivo } from './UploadArquivo';
import { enviarComProgresso } from './uploadEnvio';

const arquivo = (nome: string, bytes: number) => new File([new Uint8Array(bytes)], nome, { type: 'text/csv' });
const soltar = (f: File) =>
  fireEvent.drop(screen.getByRole('button', { name: /^Arquivo do coletor/ }), { dataTransfer: { files: [f] } });

function montar(enviar = vi.fn(), aoEnviar = vi.fn()) {
  renderizar(
    <UploadArquivo
      rotulo="Arquivo do coletor"
      extensoes={['.txt', '.csv']}
      limiteBytes={1024 * 1024}
      enviar={enviar}
      aoEnviar={aoEnviar}
    />,
  );
  return { enviar, aoEnviar };
}

describe('UploadArquivo', () => {
  it('says what it takes', () => {
    montar();
    expect(screen.getByText('Arraste o arquivo até aqui ou clique para escolher.')).toBeTruthy();
    expect(screen.getByText('Arquivos .txt, .csv, até 1 MB.')).toBeTruthy();
  });

  it('refuses a type it does not take and a file over the limit before sending anything', () => {
    const { enviar } = montar();
    soltar(arquivo('foto.png', 10));
    expect(screen.getByRole('alert').textContent).toContain(
      'O arquivo foto.png não é aceito aqui. Envie um arquivo .txt, .csv.',
    );
    soltar(arquivo('grande.csv', 2 * 1024 * 1024));
    expect(screen.getByRole('alert').textContent).toContain('O arquivo grande.csv tem 2 MB; o máximo é 1 MB.');
    expect(enviar).not.toHaveBeenCalled();
  });

  it('shows the progress while sending, then that it was sent', async () => {
    let progredir: (f: number) => void = () => {};
    let concluir: (v: unknown) => void = () => {};
    const enviar = vi.fn((_f: File, p: (f: number) => void) => {
      progredir = p;
      return new Promise((r) => {
        concluir = r;
      });
    });
    const { aoEnviar } = montar(enviar);
    const f = arquivo('contagem.csv', 100);
    soltar(f);
    expect(enviar).toHaveBeenCalledWith(f, expect.any(Function));
    act(() => progredir(0.42));
    expect(screen.getByText('Enviando contagem.csv… 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Envio de contagem.csv' }).getAttribute('aria-valuenow')).toBe('42');
    await act(async () => concluir({ id: 'x' }));
    expect(screen.getByRole('status').textContent).toBe('Arquivo contagem.csv enviado.');
    expect(aoEnviar).toHaveBeenCalledWith({ id: 'x' }, f);
  });

  it("shows the server's refusal as it says it", async () => {
    const enviar = vi
      .fn()
      .mockRejectedValue(new Error('Você atingiu o limite de envio de arquivos (500 MB em 24 horas).'));
    montar(enviar);
    await act(async () => soltar(arquivo('a.csv', 5)));
    expect(screen.getByRole('alert').textContent).toContain('Você atingiu o limite de envio de arquivos');
  });
});

describe('enviarComProgresso', () => {
  const original = globalThis.XMLHttpRequest;
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  function falso(status: number, resposta: string) {
    const visto: { url?: string; headers: Record<string, string>; corpo?: FormData } = { headers: {} };
    class XhrFalso {
      upload: { onprogress?: (e: Partial<ProgressEvent>) => void } = {};
      status = 0;
      responseText = '';
      onload?: () => void;
      open(_m: string, url: string) {
        visto.url = url;
      }
      setRequestHeader(k: string, v: string) {
        visto.headers[k] = v;
      }
      send(corpo: FormData) {
        visto.corpo = corpo;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
        this.status = status;
        this.responseText = resposta;
        this.onload?.();
      }
      abort() {}
    }
    globalThis.XMLHttpRequest = XhrFalso as unknown as typeof XMLHttpRequest;
    return visto;
  }

  it('posts the file in the field arquivo with the headers and reports progress', async () => {
    const visto = falso(201, '{"id":"abc"}');
    const progresso = vi.fn();
    const r = await enviarComProgresso('/api/v1/arquivos?tipo=coletor', arquivo('a.csv', 3), {
      headers: { authorization: 'Bearer t' },
      aoProgredir: progresso,
    });
    expect(r).toEqual({ id: 'abc' });
    expect(visto.url).toBe('/api/v1/arquivos?tipo=coletor');
    expect(visto.headers).toEqual({ authorization: 'Bearer t' });
    expect((visto.corpo!.get('arquivo') as File).name).toBe('a.csv');
    expect(progresso).toHaveBeenCalledWith(0.25);
  });

  it("rejects with the API's Portuguese message", async () => {
    falso(413, '{"message":"O arquivo excede o tamanho máximo permitido de 50 MB."}');
    await expect(enviarComProgresso('/x', arquivo('a.csv', 3), {})).rejects.toMatchObject({
      message: 'O arquivo excede o tamanho máximo permitido de 50 MB.',
      status: 413,
    });
  });
});
