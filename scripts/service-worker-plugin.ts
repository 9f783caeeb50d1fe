// Builds the service worker (src/worker/service-worker.ts, issue 27 "offline") into dist/sw.js with
// the browser's SPA: one self-contained script (an IIFE: a module worker is not supported everywhere
// yet), minified, at the site's root so its scope is the whole site. The server sends it as any
// non-hashed file (`Cache-Control: no-cache`, server/app.ts), so a new build reaches the phones.
// Its `__SOMESHA_BUILD__` becomes a hash of the build's file names: each build is a new worker
// with its own shell cache, and the old one is dropped when it takes over.
import { createHash } from 'node:crypto';
import { build, type Plugin } from 'vite';

const BUILD_MARK = '__SOMESHA_BUILD__';

type Output = { output: Array<{ type: string; code?: string }> };

export function serviceWorker(entry: string, alias: Record<string, string>): Plugin {
  return {
    name: 'somesha-service-worker',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort().join('\n');
      const version = createHash('sha256').update(files).digest('hex').slice(0, 12);
      const result = (await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias },
        // Only the worker: not the app's plugins, public folder or chunk groups.
        publicDir: false,
        build: {
          write: false,
          minify: true,
          copyPublicDir: false,
          modulePreload: false,
          rolldownOptions: { input: entry, output: { format: 'iife', codeSplitting: false } },
        },
      })) as Output | Output[];
      const chunk = (Array.isArray(result) ? result[0] : result)?.output.find(
        (file) => file.type === 'chunk',
      );
      if (!chunk?.code?.includes(BUILD_MARK))
        this.error(`The service worker build has no ${BUILD_MARK} mark.`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code.replaceAll(BUILD_MARK, version) });
    },
  };
}
