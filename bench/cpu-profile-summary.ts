import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Where a Node.js CPU profile (`node --cpu-prof`) spent its time, told the way a miss is
// explained: self time grouped by npm package (node_modules/<pkg>), Node.js's own modules,
// and our code by folder. The server runs as one esbuild bundle (apps/server/dist/server.js),
// so a frame of the bundle is placed by its source map in the file it was written in.
// `tsx bench/cpu-profile-summary.ts <file.cpuprofile>` prints the table of one profile.

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

/** What `--cpu-prof` writes (the DevTools protocol's Profiler.Profile). */
export type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  /** Microseconds, on a clock of the profiler's own. */
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

/** The source a position of a generated file was written in, or null when no map says. */
export type OriginalSource = (url: string, line: number, column: number) => string | null;

export type WhereRow = {
  where: string;
  selfMs: number;
  /** Of the whole profile, idle included. */
  share: number;
  /** The heaviest functions of the row, heaviest first. */
  functions: { name: string; ms: number }[];
};

export type ProfileSummary = { totalMs: number; rows: WhereRow[] };

/**
 * A stretch of the profile, in its own microseconds. V8 stamps samples with the monotonic
 * clock that `process.hrtime` reads in every process of the machine, so a bench can name the
 * moments its load ran from outside the profiled process.
 */
export type ProfileWindow = { fromUs: number; toUs: number };

/** Now on the clock of a profile's samples. */
export const profileClockUs = () => Number(process.hrtime.bigint() / 1000n);

/** V8's pseudo-frames: what the thread did outside any script. */
const PSEUDO: Record<string, string> = {
  '(idle)': '(idle: waiting for I/O)',
  '(garbage collector)': '(garbage collection)',
  '(program)': '(program: V8 and native code)',
  '(root)': '(root)',
};

/** The package a path inside node_modules belongs to (the innermost, scoped or not). */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf('/node_modules/');
  if (at === -1) return null;
  const [first, second] = file.slice(at + '/node_modules/'.length).split('/');
  if (!first) return null;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

const pathOf = (url: string) => (url.startsWith('file://') ? fileURLToPath(url) : url);

/** A file's group: its package, or the folder of ours it sits in, relative to `root`. */
function groupOfFile(file: string, root: string): string {
  const pkg = packageOf(file);
  if (pkg) return pkg;
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return `other: ${file}`;
  return path.dirname(relative);
}

/**
 * Where one frame counts: a pseudo-frame's own row, 'node internals' for Node.js's modules,
 * 'WebAssembly' for wasm (PGlite's PostgreSQL, when it runs in the thread), else by file.
 * A frame without a script (a V8 built-in such as JSON.stringify) is left to the caller.
 */
export function whereOf(frame: CallFrame, root: string, original?: OriginalSource): string | null {
  const pseudo = PSEUDO[frame.functionName];
  if (pseudo && frame.url === '') return pseudo;
  if (frame.url === '') return null;
  if (frame.url.startsWith('node:')) return 'node internals';
  if (frame.url.startsWith('wasm://')) return 'WebAssembly';
  // A package counts where it is installed, whatever sources its own maps name.
  const file = pathOf(frame.url);
  if (packageOf(file)) return groupOfFile(file, root);
  const mapped = original?.(frame.url, frame.lineNumber, frame.columnNumber);
  return groupOfFile(mapped ?? file, root);
}

const nameOf = (frame: CallFrame, original?: OriginalSource) => {
  const file = original?.(frame.url, frame.lineNumber, frame.columnNumber) ?? pathOf(frame.url);
  const fn = frame.functionName || '(anonymous)';
  return file ? `${fn} (${path.basename(file)})` : fn;
};

/**
 * Self time per group, of the whole profile or of the samples taken within `window`. A sample
 * lasts until the next one (the last until the profile's end);
 * a built-in's time goes to the group of the nearest caller that has a script, written as
 * 'V8 built-ins ← <group>', so JSON.stringify under Fastify's serialiser is told from
 * Buffer work under the pg driver.
 */
export function summariseProfile(
  profile: CpuProfile,
  options: { root: string; original?: OriginalSource; window?: ProfileWindow },
): ProfileSummary {
  const { root, original, window } = options;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let at = profile.startTime;
  const stamps = samples.map((_, i) => (at += deltas[i] ?? 0));
  samples.forEach((id, i) => {
    const next = i + 1 < samples.length ? (stamps[i + 1] ?? at) : profile.endTime;
    const stamp = stamps[i] ?? next;
    if (window && (stamp < window.fromUs || stamp > window.toUs)) return;
    const lasted = Math.max(0, next - stamp);
    selfUs.set(id, (selfUs.get(id) ?? 0) + lasted);
  });

  const groupOfNode = new Map<number, string>();
  const groupOf = (id: number): string => {
    const known = groupOfNode.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    let group = '(unknown)';
    if (node) {
      const own = whereOf(node.callFrame, root, original);
      if (own !== null) group = own;
      else {
        let caller = parentOf.get(id);
        let found: string | null = null;
        while (caller !== undefined && found === null) {
          const frame = byId.get(caller)?.callFrame;
          found = frame && !PSEUDO[frame.functionName] ? whereOf(frame, root, original) : null;
          caller = parentOf.get(caller);
        }
        group = `V8 built-ins ← ${found ?? 'no caller'}`;
      }
    }
    groupOfNode.set(id, group);
    return group;
  };

  const totalUs = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const groups = new Map<string, { us: number; functions: Map<string, number> }>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || us === 0) continue;
    const group = groupOf(id);
    const entry = groups.get(group) ?? { us: 0, functions: new Map<string, number>() };
    const name = nameOf(node.callFrame, original);
    entry.us += us;
    entry.functions.set(name, (entry.functions.get(name) ?? 0) + us);
    groups.set(group, entry);
  }
  const rows = [...groups.entries()]
    .map(([where, { us, functions }]) => ({
      where,
      selfMs: us / 1000,
      share: totalUs > 0 ? us / totalUs : 0,
      functions: [...functions.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([name, fnUs]) => ({ name, ms: fnUs / 1000 })),
    }))
    .sort((a, b) => b.selfMs - a.selfMs);
  return { totalMs: totalUs / 1000, rows };
}

const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

/** The heaviest `top` rows as a Markdown table, each with its three heaviest functions. */
export function profileTable(summary: ProfileSummary, top = 10): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| where (self time) | ms | share | heaviest functions |',
    '| --- | --- | --- | --- |',
    ...summary.rows.slice(0, top).map(
      (row) =>
        `| ${cell(row.where)} | ${Math.round(row.selfMs)} | ${percent(row.share)} | ${cell(
          row.functions
            .slice(0, 3)
            .map((fn) => `${fn.name} ${percent(fn.ms / summary.totalMs)}`)
            .join(', '),
        )} |`,
    ),
  ].join('\n');
}

/**
 * Source positions of generated files by their `<file>.map` beside them (esbuild writes one for
 * the server's bundle); a file without a map is its own source.
 */
export function sourceMapLookup(): OriginalSource {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const mapOf = (url: string) => {
    if (maps.has(url)) return maps.get(url) ?? null;
    let found: { map: SourceMap; dir: string } | null = null;
    if (url.startsWith('file://')) {
      const file = fileURLToPath(url);
      if (existsSync(`${file}.map`)) {
        const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
        found = { map: new SourceMap(payload), dir: path.dirname(file) };
      }
    }
    maps.set(url, found);
    return found;
  };
  return (url, line, column) => {
    const found = mapOf(url);
    if (!found) return null;
    const entry = found.map.findEntry(line, column) as { originalSource?: string };
    const source = entry.originalSource;
    if (!source) return null;
    return source.startsWith('file://') ? fileURLToPath(source) : path.resolve(found.dir, source);
  };
}

export async function readProfile(file: string): Promise<CpuProfile> {
  return JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The summary of one profile file (or of a window of it), by the repository's folders. */
export async function summariseProfileFile(
  file: string,
  window?: ProfileWindow,
): Promise<ProfileSummary> {
  return summariseProfile(await readProfile(file), {
    root: ROOT,
    original: sourceMapLookup(),
    ...(window ? { window } : {}),
  });
}

const cli = process.argv[1];
if (cli && import.meta.url === pathToFileURL(cli).href) {
  for (const file of process.argv.slice(2)) {
    const summary = await summariseProfileFile(file);
    console.log(`${file}: ${Math.round(summary.totalMs)} ms sampled\n\n${profileTable(summary)}\n`);
  }
}
