// Bundles the server (and the workspace's domain package) into apps/server/dist/server.mjs so
// `npm start` runs plain Node: no TypeScript transform at start-up. npm packages stay external.
// Optional argument: another output file (scripts/criar-build.mjs bundles into a build directory).
import { build } from 'esbuild';

await build({
  entryPoints: ['apps/server/src/server.ts'],
  outfile: process.argv[2] || 'apps/server/dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
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
