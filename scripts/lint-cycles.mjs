// `npm run lint:cycles`: dependency-cruiser's no-circular rule over each workspace, with its own
// tsconfig (the web's and the server's `@/` differ), type imports counted (docs/decisions/084).
// The three run at once: each is one busy thread, and one after another they left a core idle
// at the end of `npm run checks`. Fails when any finds a cycle; each prints its own findings.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

const WORKSPACES = [
  { dir: 'apps/web', sources: ['src', 'e2e', 'build'] },
  { dir: 'apps/server', sources: ['src', 'test', 'scripts', '../../bench'] },
  { dir: 'packages/shared', sources: ['src'] },
];

function cruise({ dir, sources }) {
  const args = [
    ...sources,
    '--config',
    config,
    '--ts-config',
    'tsconfig.json',
    '--output-type',
    'err',
  ];
  const child = spawn(depcruise, args, {
    cwd: path.join(root, dir),
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code === 0));
  });
}

const passed = await Promise.all(WORKSPACES.map(cruise));
process.exit(passed.every(Boolean) ? 0 : 1);
