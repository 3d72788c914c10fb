// Bundles the server (and the workspace's domain package) into apps/server/dist/server.mjs so
// `npm start` runs plain Node: no TypeScript transform at start-up. npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['apps/server/src/server.ts'],
  outfile: 'apps/server/dist/server.mjs',
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
