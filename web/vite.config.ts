import { defineConfig } from 'vite';

// The API shares the console's origin in production; in development Vite forwards these prefixes to
// the Fastify server. Anchored patterns so console routes such as /tenant/users are never proxied.
const API_PREFIXES = [
  'auth',
  'tenants',
  'plans',
  'platform',
  'users',
  'roles',
  'tenant-settings',
  'health',
  'extensions',
  'trunks',
  'queues',
  'agents',
  'pause-reasons',
  'dispositions',
  'inbound-routes',
  'dialplan',
  'ivr-menus',
  'monitoring',
  'socket.io',
];
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // React Query ships "use client" markers meant for server-component bundlers; harmless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      // React and the libraries every page uses change less often than the console: their own
      // chunks stay cached between releases and keep the entry under the 500 kB warning.
      output: {
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (
            /\/node_modules\/(@tanstack|i18next|react-i18next|socket\.io-client|engine\.io-client|socket\.io-parser)\//.test(
              id,
            )
          )
            return 'vendor';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [
        `^/${prefix.replace('.', '\\.')}(/|\\?|$)`,
        { target: API_TARGET, ws: prefix === 'socket.io' },
      ]),
    ),
  },
});
