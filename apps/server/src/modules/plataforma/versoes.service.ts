/**
 * Versions (spec §3 "Version", §7 /api/v1/versoes/*): the running build comes from its build manifest
 * (retaguarda-build.json at the build's root, written by scripts/criar-build.mjs), else from APP_VERSION
 * (numero.build) for a plain checkout; the latest one from a release manifest, a JSON file path or http(s) URL in
 * RELEASE_MANIFEST (without it, the demo manifest that announces a newer build).
 */
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '@retaguarda/domain';
import { z } from 'zod';
import { REPO_ROOT } from '../../config';

export interface Versao {
  numero: string;
  build: number;
}

export interface NotaDeAtualizacao {
  issue: string;
  detail: string;
}

const manifestSchema = z.object({
  releases: z.array(
    z.object({
      numero: z.string().regex(/^\d+\.\d+$/),
      build: z.number().int().positive(),
      publicadaEm: z.string().optional(),
      notas: z.array(z.object({ issue: z.string(), detail: z.string() })).default([]),
    }),
  ),
});
export type Manifesto = z.infer<typeof manifestSchema>;

export const MANIFESTO_DEMO = path.join(REPO_ROOT, 'apps/server/db/seed/releases-demo.json');
const CACHE_MS = 60_000;

/** '8.0.48783' → { numero: '8.0', build: 48783 } (the full version is numero.build). */
export function parseVersao(v: string): Versao {
  const m = /^(\d+\.\d+)\.(\d+)$/.exec(v);
  if (!m) throw new Error(`versão inválida: ${v}`);
  return { numero: m[1]!, build: Number(m[2]) };
}

export const versaoCompleta = (v: Versao) => `${v.numero}.${v.build}`;

const manifestoDoBuild = z.object({ numero: z.string().regex(/^\d+\.\d+$/), build: z.number().int().positive() });

/** The running build's manifest (numero, build), or null for a checkout without one. */
export function lerManifestoDoBuild(dir: string): Versao | null {
  const arquivo = path.join(dir, 'retaguarda-build.json');
  if (!fsSync.existsSync(arquivo)) return null;
  const m = manifestoDoBuild.parse(JSON.parse(fsSync.readFileSync(arquivo, 'utf8')));
  return { numero: m.numero, build: m.build };
}

const EM_EXECUCAO: Versao = lerManifestoDoBuild(REPO_ROOT) ?? parseVersao(APP_VERSION);

export function versaoAtual(): Versao {
  return { ...EM_EXECUCAO };
}

export class FonteDeVersoes {
  private cache: { em: number; valor: Manifesto } | undefined;

  constructor(private readonly origem: string = process.env.RELEASE_MANIFEST || MANIFESTO_DEMO) {}

  async manifesto(): Promise<Manifesto> {
    if (this.cache && Date.now() - this.cache.em < CACHE_MS) return this.cache.valor;
    const texto = /^https?:\/\//.test(this.origem)
      ? await fetch(this.origem, { signal: AbortSignal.timeout(5_000) }).then((r) => {
          if (!r.ok) throw new Error(`manifesto de versões respondeu ${r.status}`);
          return r.text();
        })
      : await fs.readFile(this.origem, 'utf8');
    const valor = manifestSchema.parse(JSON.parse(texto));
    this.cache = { em: Date.now(), valor };
    return valor;
  }

  /** The newest build published (never older than the running one). */
  async maisRecente(): Promise<Versao> {
    const atual = versaoAtual();
    const { releases } = await this.manifesto();
    return releases.reduce<Versao>(
      (max, r) => (r.build > max.build ? { numero: r.numero, build: r.build } : max),
      atual,
    );
  }

  /** Notes of every build newer than the running one, newest first. */
  async notasPendentes(): Promise<NotaDeAtualizacao[]> {
    const atual = versaoAtual();
    const { releases } = await this.manifesto();
    return releases
      .filter((r) => r.build > atual.build)
      .sort((a, b) => b.build - a.build)
      .flatMap((r) => r.notas.map((n) => ({ issue: n.issue, detail: n.detail })));
  }
}
