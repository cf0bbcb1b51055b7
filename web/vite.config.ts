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
