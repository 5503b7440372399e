import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client lives in src/client and is built into dist/client, which the server serves.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Maps are written for reading a reported stack trace, but not referenced from the scripts,
    // and the server never serves them: the sources stay private.
    sourcemap: 'hidden',
    // React, the router, TanStack Query and tRPC make one ~180 kB (gzip) entry; screens are split out.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/healthz': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    },
  },
});
