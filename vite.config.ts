import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const contracts = fileURLToPath(new URL('./contracts', import.meta.url));

// The player app. Built into dist/app and served by the API server on one port.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@contracts\/(.*)$/, replacement: `${contracts}/$1` },
      // VKUI's CSS-modules build: only the CSS of components in use (≈ 21 kB gzip instead of 49).
      { find: /^@vkontakte\/vkui$/, replacement: '@vkontakte/vkui/dist/cssm' },
    ],
  },
  define: { __BUILD_VERSION__: JSON.stringify(process.env.BUILD_VERSION ?? new Date().toISOString().replace(/\D/g, '').slice(0, 12)) },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: false,
    // the player app, and the house games' page that the game page's iframe opens (/house/)
    rollupOptions: { input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), house: fileURLToPath(new URL('./house.html', import.meta.url)) } },
  },
  server: {
    proxy: {
      '/main-api': 'http://127.0.0.1:3000',
      '/int-api': 'http://127.0.0.1:3000',
      '/house-api': 'http://127.0.0.1:3000',
      '/users/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
