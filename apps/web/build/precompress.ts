import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
// Below this a compressed copy saves less than its headers cost (the server's threshold too).
const MIN_BYTES = 1024;

/** Writes `file.br` and `file.gz` beside the file, when it is worth compressing. */
async function compressed(full: string): Promise<void> {
  const data = await readFile(full);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy at the highest levels beside each text file of
 * the build, so the server sends the smallest form without compressing on every request.
 */
export function precompress(): Plugin {
  return {
    name: 'smt-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => compressed(path.join(dir, file))));
    },
  };
}
