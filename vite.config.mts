import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import clientConfigFromEnv from './src/client/client-config.defaults.cjs';

const apiTarget = process.env.VITE_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  define: {
    __TICKLIST_CONFIG__: JSON.stringify(clientConfigFromEnv(process.env, command === 'serve')),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
}));
