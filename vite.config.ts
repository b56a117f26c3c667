import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const contracts = fileURLToPath(new URL('./contracts', import.meta.url));

// tweetnacl (TON Connect's, in the lazy cashbox chunk) probes `typeof require` for Node's crypto; that one
// reference makes Rolldown put a `require` shim into the runtime chunk every page loads first. Browsers have no
// `require`, so the probe is settled at build time and the shim stays out of the first load.
const browserOnlyTweetnacl: Plugin = {
  name: 'browser-only-tweetnacl',
  transform(code, id) {
    const probe = "typeof require !== 'undefined'";
    if (!/[\\/]tweetnacl[\\/]nacl-fast\.js$/.test(id)) return null;
    if (!code.includes(probe)) this.warn('tweetnacl changed: the require probe was not found (check the first-load size)');
    return { code: code.replace(probe, 'false'), map: null };
  },
};

// The player app. Built into dist/app and served by the API server on one port.
export default defineConfig({
  plugins: [react(), browserOnlyTweetnacl],
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
