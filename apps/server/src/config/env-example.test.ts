import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadEnv, productionReadiness } from './env';

// .env.example is what a production site copies into its supervisor's environment file: it must
// mean the same to systemd's EnvironmentFile= and to a shell that sources it (issue 33:
// `MAIL_FROM=SMT <no-reply@…>` broke `set -a; . .env.example`).

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.env.example');

/**
 * The assignments as systemd reads an EnvironmentFile (systemd.exec(5)): `KEY=VALUE` lines, `#`
 * comments, one pair of surrounding double or single quotes taken off.
 */
function asSystemdReadsIt(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const at = trimmed.indexOf('=');
    const key = trimmed.slice(0, at).trim();
    let value = trimmed.slice(at + 1).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
    }
    values[key] = value;
  }
  return values;
}

/** The same file sourced by bash with `set -a`, as exported variables. */
function asShellReadsIt(keys: string[]): Record<string, string> {
  const script = `set -a; . ${JSON.stringify(FILE)}; set +a; for k in ${keys.join(' ')}; do printf '%s\\0%s\\0' "$k" "\${!k}"; done`;
  const out = execFileSync('bash', ['--noprofile', '--norc', '-c', script], {
    env: { PATH: process.env.PATH ?? '' },
  })
    .toString('utf8')
    .split('\0');
  const values: Record<string, string> = {};
  for (let index = 0; index + 1 < out.length; index += 2)
    values[out[index] ?? ''] = out[index + 1] ?? '';
  return values;
}

describe('.env.example', () => {
  const text = readFileSync(FILE, 'utf8');
  const systemd = asSystemdReadsIt(text);

  it('should read the same in a shell as in systemd', () => {
    expect(Object.keys(systemd).length).toBeGreaterThan(5);
    expect(asShellReadsIt(Object.keys(systemd))).toEqual(systemd);
    expect(systemd.MAIL_FROM).toBe('SMT <no-reply@smt.example.com>');
  });

  it('should name only variables the server reads, and start a production server as it is', () => {
    const known = Object.keys(EnvSchema.shape);
    expect(Object.keys(systemd).filter((key) => !known.includes(key))).toEqual([]);
    const env = loadEnv(systemd);
    expect(env.APP_ENV).toBe('production');
    expect(productionReadiness(env)).toEqual({ problems: [], warnings: [] });
  });
});
