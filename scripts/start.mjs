// `npm start`: builds the SPA and the server when their build is missing or older than their
// sources, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) =>
      name === 'node_modules' ? newest : Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

function buildIfStale(label, output, sources, command) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map(newestMtime));
  if (built >= changed) return;
  console.log(`Building ${label}...`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

const shared = at('packages', 'shared', 'src');
buildIfStale(
  'the web app',
  at('apps', 'web', 'dist', 'index.html'),
  [
    at('apps', 'web', 'src'),
    at('apps', 'web', 'index.html'),
    at('apps', 'web', 'vite.config.ts'),
    shared,
  ],
  'npm run build -w @smt/web',
);
buildIfStale(
  'the server',
  at('apps', 'server', 'dist', 'server.js'),
  [at('apps', 'server', 'src'), at('apps', 'server', 'scripts'), shared],
  'node apps/server/scripts/build.mjs',
);

await import(at('apps', 'server', 'dist', 'server.js'));
