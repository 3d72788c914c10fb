/**
 * The web calls commands only by their domain faces (#24.1): no `api.ts` of an area types a command's URL
 * (a face's path, `{id}` any segment) nor sends an Idempotency-Key by hand (commands go through useComando).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMANDOS_DAS_AREAS } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';

const MODULOS = join(__dirname, '../../modules');
const apis = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? apis(join(dir, e.name))
      : e.name === 'api.ts' || e.name.endsWith('.api.ts')
        ? [join(dir, e.name)]
        : [],
  );

describe('a web chama comandos pela face', () => {
  it('nenhum api.ts tem a URL de um comando nem uma Idempotency-Key à mão', () => {
    const arquivos = apis(MODULOS);
    expect(arquivos.length).toBeGreaterThan(5);
    const achados: string[] = [];
    for (const arquivo of arquivos) {
      const texto = readFileSync(arquivo, 'utf8');
      if (/Idempotency-Key/.test(texto)) achados.push(`${arquivo}: Idempotency-Key`);
      for (const f of COMANDOS_DAS_AREAS) {
        // the path's last segment after {id} (an action) or the creating path followed by a write method
        const acao = f.caminho.includes('{id}') ? f.caminho.split('/').pop()! : null;
        const base = f.caminho.split('/{id}')[0]!;
        const escrita = /method: '(POST|PUT|PATCH|DELETE)'/;
        // (a read of the same path, GET …/membros beside POST …/membros, is no command call: a write method must follow)
        const chamada = new RegExp(`['\`/]${acao}['\`][^;]*method: '(POST|PUT|PATCH|DELETE)'`);
        if (acao && chamada.test(texto) && texto.includes(base.split('/').slice(-1)[0]!))
          achados.push(`${arquivo}: ${f.nome}`);
        if (!acao && texto.includes(`'${base}'`) && escrita.test(texto)) achados.push(`${arquivo}: ${f.nome}`);
      }
    }
    expect(achados).toEqual([]);
  });
});
