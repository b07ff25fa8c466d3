import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz copy beside every text asset of the build: the server hands them out as they are
 * (@fastify/static preCompressed), so store PCs download a quarter of the bytes and the server never compresses.
 */
function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const target = path.join(dir, file);
        const data = fs.readFileSync(target);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${target}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${target}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/content': 'http://localhost:8080',
      '/files': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // V8's explicit compile hint: the entry's functions (React DOM, the router, i18next, the query library) nearly
        // all run on the first load, so Chromium compiles them all while the file streams in, off the main thread,
        // instead of one by one on it when each is first called. Lighthouse on /home: LCP about 0.2 s earlier
        // (docs/performance.md, "The web app").
        postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : ''),
        codeSplitting: {
          groups: [
            // The icons, in one chunk: as a chunk of about 1 KB each, a signed-in page's first load fetched a dozen
            // of them after the entry, a round trip for every few on a slow store link.
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
            // Everything the entry imports, in one chunk: split by which lazy sections share each module, it was
            // eight scripts, more than a browser asks for at once over HTTP/1.1 (docs/performance.md, "The web app").
            { name: 'initial', tags: ['$initial'] },
            // The small controls of both first pages (the language switch, the button that waits, the page title), in
            // one chunk: as three, they were three of the requests the sign-in page and /home make after the entry.
            // The link rule of the login page's lists and of the sanitizer goes with them rather than alone.
            {
              name: 'controls',
              test: /src[\\/]components[\\/](LanguageSwitch|PendingButton|PageTitle)\.tsx$|shared[\\/]src[\\/]links\.ts$/,
            },
          ],
        },
      },
    },
  },
});
