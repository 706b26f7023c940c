// Builds the SPA and the server, then runs the Playwright journeys against the system's
// Chromium. Always builds: both builds take seconds, and a stale bundle would test old code.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (spawnSync('which', ['chromium'], { stdio: 'ignore' }).status !== 0) {
  console.error(
    'Chromium is not installed; the browser tests use the system one and never download it.\n' +
      'Install it with:\n\n  apt-get install -y chromium\n',
  );
  process.exit(1);
}

for (const [command, args] of [
  ['npm', ['run', 'build', '-w', '@smt/web']],
  ['node', ['apps/server/scripts/build.mjs']],
]) {
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\`${command} ${args.join(' ')}\` failed with exit code ${status}`);
    process.exit(status);
  }
}

process.exit(
  run('npx', [
    'playwright',
    'test',
    '-c',
    'apps/web/playwright.config.ts',
    ...process.argv.slice(2),
  ]),
);
