/**
 * The web calls commands only by their domain faces (#24.1): no source file types a command's URL with its
 * write method (a face's path, each `{parameter}` any one segment: `${id}`, `${encodeURIComponent(chave)}`),
 * and no area `api.ts` sends an Idempotency-Key by hand (commands go through useComando / chamarComando).
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the detector's own check reads source text samples
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COMANDOS_DAS_AREAS, type QualquerFace } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../..');
const COMANDO = join(__dirname);
const fontes = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? dir === SRC && e.name === 'test'
        ? []
        : join(dir, e.name) === COMANDO
          ? [] // the face's own caller
          : fontes(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A hand-typed call of the face: its path as a string or template literal (a parameter is one segment of
 * anything but a slash or a quote; a query may follow) with the face's method close after it, in the same
 * statement (a read of the same path — GET …/membros beside POST …/membros — has no write method).
 */
function chamadaAMao(face: Pick<QualquerFace, 'caminho' | 'metodo'>): RegExp {
  const caminho = face.caminho
    .split(/(\{[a-zA-Z]+\})/)
    .map((parte) => (parte.startsWith('{') ? '[^/\'"`]+' : escapar(parte)))
    .join('');
  return new RegExp(`['"\`]${caminho}(\\?[^'"\`]*)?['"\`][^;]{0,200}?method:\\s*['"]${face.metodo}['"]`);
}

describe('a web chama comandos pela face', () => {
  it('o detector acha um caminho com parâmetros e deixa a leitura do mesmo caminho', () => {
    const porLoja = chamadaAMao({ caminho: '/api/v1/configuracoes/{chave}/lojas/{lojaId}', metodo: 'PUT' });
    expect(porLoja.test("api(`/api/v1/configuracoes/${encodeURIComponent(c)}/lojas/${l}`, { method: 'PUT' })")).toBe(
      true,
    );
    const usuario = chamadaAMao({ caminho: '/api/v1/usuarios/{id}', metodo: 'PUT' });
    expect(usuario.test("api<U>(`/api/v1/usuarios/${id(u)}`, { method: 'PUT', body: corpo })")).toBe(true);
    expect(usuario.test("api<G>(`/api/v1/usuarios/${id(u)}/grupos`);\nx({ method: 'PUT' })")).toBe(false);
    const criar = chamadaAMao({ caminho: '/api/v1/usuarios', metodo: 'POST' });
    expect(criar.test("api<U>('/api/v1/usuarios', { method: 'POST', body: corpo })")).toBe(true);
    expect(criar.test('api<P>(`/api/v1/usuarios?${p}`);')).toBe(false);
  });

  it('nenhum fonte da web tem a URL de um comando com o seu método, nem uma Idempotency-Key à mão num api.ts', () => {
    const arquivos = fontes(SRC);
    expect(arquivos.length).toBeGreaterThan(50);
    const detectores = COMANDOS_DAS_AREAS.map((f) => [f.nome, chamadaAMao(f)] as const);
    const achados: string[] = [];
    for (const arquivo of arquivos) {
      const texto = readFileSync(arquivo, 'utf8');
      const nome = relative(SRC, arquivo);
      if (/(^|[/.])api\.ts$/.test(nome) && /Idempotency-Key/.test(texto)) achados.push(`${nome}: Idempotency-Key`);
      for (const [comando, re] of detectores) if (re.test(texto)) achados.push(`${nome}: ${comando}`);
    }
    expect(achados).toEqual([]);
  });
});
