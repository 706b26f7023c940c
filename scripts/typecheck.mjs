// `npm run typecheck`: every project's types, checked by TypeScript 7's native compiler (the
// devDependency `typescript7`), which does the work of 5.9's `tsc` in about a third of the CPU
// (docs/decisions/090). The editor, ESLint's typed rules and the builds keep `typescript` 5.9:
// typescript-eslint reads 5.9's compiler API, which 7 does not have.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The package exports no bin path: its folder is found from its package.json.
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript7/package.json')),
  'bin/tsc',
);
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'tsconfig.json'];

for (const project of PROJECTS) {
  const result = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}
