// Bundles the server and its command-line tools (with the workspace's domain package) into
// apps/server/dist/{server,migrate,admin,demo-historico}.mjs so `npm start`, `npm run migrate` and the admin CLI run
// plain Node: no TypeScript transform at run time (tsx is a dev dependency). npm packages stay external.
// Optional argument: another output directory (scripts/criar-build.mjs bundles into a build directory).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = (f) => path.join(RAIZ, 'apps/server/src', f);

await build({
  entryPoints: {
    server: src('server.ts'),
    migrate: src('cli/migrate.ts'),
    admin: src('cli/admin.ts'),
    'demo-historico': src('cli/demo-historico.ts'),
  },
  outdir: process.argv[2] ? path.resolve(process.argv[2]) : path.join(RAIZ, 'apps/server/dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@retaguarda/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
