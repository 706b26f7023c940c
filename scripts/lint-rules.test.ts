import { ESLint } from 'eslint';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The lint rules that keep the code's boundaries (issue 24), shown failing on small fixtures:
// a rule that silently stops seeing files (as import-x did, reading .js only) fails here. The
// fixtures are written into the tree for the test, as a server module and a web feature of
// their own, because the zones and the project service work on real paths.

// No trailing slash: import-x joins the zones' paths to the working directory as text.
const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SERVER_FIXTURE = 'apps/server/src/modules/lint-fixture';
const WEB_FIXTURE = 'apps/web/src/features/lint-fixture';
// knip takes every scripts/*.ts as an entry (so not what is in a folder below): the entry uses
// one export of the other file.
const KNIP_ENTRY = 'scripts/knip-fixture-entry.ts';
const KNIP_EXPORTS = 'scripts/knip-fixture/exports.ts';
// A command of the admin CLI, outside the server's modules.
const CLI_FIXTURE = 'apps/server/src/cli/lint-fixture-reaches-repository.ts';
// A module of the web's shared layer.
const LIB_FIXTURE = 'apps/web/src/lib/lint-fixture-reaches-feature.ts';
// A file among what every signed-in first screen renders (the shell's feature).
const SHELL_FIXTURE = 'apps/web/src/features/shell/components/lint-fixture-lazy.tsx';

const FILES: Record<string, string> = {
  [`${SERVER_FIXTURE}/reaches-repository.ts`]:
    "import { allInScope } from '@/modules/notifications/notification-list.repository';\n\n" +
    'export const reached = allInScope;\n',
  [`${SERVER_FIXTURE}/through-index.ts`]:
    "import { allInScope } from '@/modules/notifications';\n\n" +
    'export const reached = allInScope;\n',
  [`${SERVER_FIXTURE}/cycle-a.ts`]:
    "import { b } from './cycle-b';\n\nexport const a = (): number => b() + 1;\n",
  [`${SERVER_FIXTURE}/cycle-b.ts`]:
    "import { a } from './cycle-a';\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
  [`${SERVER_FIXTURE}/reads-the-app.routes.ts`]:
    "import type { FastifyInstance, FastifyRequest } from 'fastify';\n\n" +
    'export const read = (app: FastifyInstance, request: FastifyRequest) => [\n' +
    '  app.clock.now(),\n' +
    '  app.env.APP_ENV,\n' +
    '  request.server.appVersion,\n' +
    '];\n',
  [KNIP_ENTRY]: "import { used } from './knip-fixture/exports';\n\nconsole.log(used);\n",
  [KNIP_EXPORTS]: 'export const used = 1;\nexport const neverUsed = 2;\n',
  [`${WEB_FIXTURE}/reads-messages.ts`]:
    'export const byWords = (error: Error, words: string) =>\n' +
    '  error.message === words ||\n' +
    '  words !== error.message ||\n' +
    "  error.message.includes('taken') ||\n" +
    '  /taken/.test(error.message);\n\n' +
    'export function bySwitch(error: Error): number {\n' +
    '  switch (error.message) {\n' +
    "    case 'taken':\n" +
    '      return 1;\n' +
    '    default:\n' +
    '      return 0;\n' +
    '  }\n' +
    '}\n',
  [`${WEB_FIXTURE}/reads-reasons.ts`]:
    'export const byReason = (error: { reason?: string; message: string }) =>\n' +
    "  error.reason === 'push.endpoint-taken' ? error.message : null;\n",
  [CLI_FIXTURE]:
    "import { takenUserFields } from '@/modules/management/user-admin.repository';\n\n" +
    'export const reached = takenUserFields;\n',
  [LIB_FIXTURE]:
    "import { notificationKeys } from '@/features/notifications/api/notification-keys';\n\n" +
    'export const reached = notificationKeys;\n',
  [SHELL_FIXTURE]:
    "import { lazy } from 'react';\n\n" +
    "export const Later = lazy(async () => ({ default: (await import('./app-logo')).AppLogo }));\n",
  // A cycle of types alone, which import-x/no-cycle does not follow.
  [`${WEB_FIXTURE}/type-cycle-a.ts`]:
    "import type { B } from './type-cycle-b';\n\nexport type A = { b?: B };\n",
  [`${WEB_FIXTURE}/type-cycle-b.ts`]:
    "import type { A } from './type-cycle-a';\n\nexport type B = { a?: A };\n",
  [`${WEB_FIXTURE}/reaches-feature.ts`]:
    "import { notificationKeys } from '@/features/notifications/api/notification-keys';\n\n" +
    'export const reached = notificationKeys;\n',
};

type RuleMeta = { meta?: { docs?: { requiresTypeChecking?: boolean } } };

/** The rules of typescript-eslint that read types. */
const TYPE_CHECKED = new Set(
  Object.entries((tseslint.plugin as { rules?: Record<string, RuleMeta> }).rules ?? {})
    .filter(([, rule]) => rule.meta?.docs?.requiresTypeChecking)
    .map(([name]) => `@typescript-eslint/${name}`),
);

let eslint: ESLint;

/** The rules each fixture breaks, as lint names them. */
async function rulesBrokenBy(file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

beforeAll(() => {
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    writeFileSync(path.join(ROOT, file), text);
  }
  // The config reads the module and feature folders when it loads: after the fixtures exist.
  // The rules under test read imports and syntax, not types: without the type-checked rules no
  // TypeScript program is built for each project, which took most of this file's time.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => !TYPE_CHECKED.has(ruleId),
  });
});

afterAll(() => {
  rmSync(path.join(ROOT, SERVER_FIXTURE), { recursive: true, force: true });
  rmSync(path.join(ROOT, WEB_FIXTURE), { recursive: true, force: true });
  rmSync(path.join(ROOT, KNIP_ENTRY), { force: true });
  rmSync(path.join(ROOT, SHELL_FIXTURE), { force: true });
  rmSync(path.join(ROOT, LIB_FIXTURE), { force: true });
  rmSync(path.join(ROOT, CLI_FIXTURE), { force: true });
  rmSync(path.join(ROOT, path.dirname(KNIP_EXPORTS)), { recursive: true, force: true });
});

describe('lint', { timeout: 120_000 }, () => {
  it("should refuse a server module that imports another module's repository", async () => {
    expect(await rulesBrokenBy(`${SERVER_FIXTURE}/reaches-repository.ts`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("should let a server module use another through that module's index.ts", async () => {
    expect(await rulesBrokenBy(`${SERVER_FIXTURE}/through-index.ts`)).toEqual([]);
  });

  it('should refuse two modules that import each other', async () => {
    expect(await rulesBrokenBy(`${SERVER_FIXTURE}/cycle-a.ts`)).toContain('import-x/no-cycle');
  });

  it('should refuse a route plugin reading the app instead of naming what it uses', async () => {
    expect(await rulesBrokenBy(`${SERVER_FIXTURE}/reads-the-app.routes.ts`)).toEqual(
      Array<string>(3).fill('no-restricted-syntax'),
    );
  });

  it("should resolve the web app's @/ paths and refuse a feature importing another", async () => {
    expect(await rulesBrokenBy(`${WEB_FIXTURE}/reaches-feature.ts`)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("should refuse a web module that compares an error's message, in each way it can", async () => {
    expect(await rulesBrokenBy(`${WEB_FIXTURE}/reads-messages.ts`)).toEqual(
      Array<string>(5).fill('no-restricted-syntax'),
    );
  });

  it("should refuse the CLI importing a module's repository", async () => {
    expect(await rulesBrokenBy(CLI_FIXTURE)).toEqual(['import-x/no-restricted-paths']);
  });

  it('should refuse a module of lib that imports a feature', async () => {
    expect(await rulesBrokenBy(LIB_FIXTURE)).toEqual(['import-x/no-restricted-paths']);
  });

  it('should refuse React.lazy in what every signed-in first screen renders', async () => {
    expect(await rulesBrokenBy(SHELL_FIXTURE)).toEqual(['no-restricted-imports']);
  });

  it("should let a web module branch on an error's reason and show its message", async () => {
    expect(await rulesBrokenBy(`${WEB_FIXTURE}/reads-reasons.ts`)).toEqual([]);
  });

  it('should fail on a cycle of type-only imports (lint:cycles, as npm run lint runs it)', async () => {
    const cycles = await promisify(execFile)('npm', ['run', 'lint:cycles'], { cwd: ROOT }).then(
      () => null,
      (error: { stdout: string }) => error,
    );
    expect(cycles?.stdout).toMatch(/no-circular: src\/features\/lint-fixture\/type-cycle-a\.ts/);
  });

  it('should fail on an export nothing imports (knip, as npm run lint runs it)', async () => {
    const knip = await promisify(execFile)('npx', ['knip', '--no-progress'], { cwd: ROOT }).then(
      () => ({ failed: false, stdout: '' }),
      (error: { stdout?: string }) => ({ failed: true, stdout: error.stdout ?? '' }),
    );
    expect(knip.failed).toBe(true);
    expect(knip.stdout).toMatch(/neverUsed\s+scripts\/knip-fixture\/exports\.ts/);
    expect(knip.stdout).not.toMatch(/\bused\s+scripts/);
  });
});
