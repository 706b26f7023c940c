import { readdir, readFile } from 'node:fs/promises';

// CPU time as Linux counts it in /proc, for a server measured from outside: the seconds a
// process and every process it started have run, and how busy the whole machine was. On a
// machine of 2 cores the server, PostgreSQL and the load generator share them, so a figure
// is read beside both.

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux everywhere). */
const TICKS = 100;

async function statOf(pid: number): Promise<{ ppid: number; cpuSeconds: number } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields start after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted from 1 with pid and comm.
    return {
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
    };
  } catch {
    // The process has ended.
    return null;
  }
}

/** CPU seconds of a process and of each of its descendants alive now, by process id. */
export async function cpuSecondsOfTree(pid: number): Promise<Map<number, number>> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const stats = new Map<number, { ppid: number; cpuSeconds: number }>();
  await Promise.all(
    pids.map(async (each) => {
      const stat = await statOf(each);
      if (stat) stats.set(each, stat);
    }),
  );
  const inTree = new Set([pid]);
  // Parents come before children in no particular order: sweep until nothing is added.
  for (let added = true; added;) {
    added = false;
    for (const [each, stat] of stats) {
      if (!inTree.has(each) && inTree.has(stat.ppid)) {
        inTree.add(each);
        added = true;
      }
    }
  }
  return new Map([...inTree].map((each) => [each, stats.get(each)?.cpuSeconds ?? 0]));
}

/** CPU seconds between two readings of a tree: its root's, and the other processes' together. */
export function cpuBetween(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
): { root: number; others: number } {
  let others = 0;
  for (const [each, seconds] of after) {
    if (each !== pid) others += seconds - (before.get(each) ?? 0);
  }
  return { root: (after.get(pid) ?? 0) - (before.get(pid) ?? 0), others };
}

export type MachineTicks = { busy: number; total: number };

/** The machine's CPU counters since boot, all cores together (/proc/stat's first line). */
export async function machineTicks(): Promise<MachineTicks> {
  const first = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const values = first.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is inside user already).
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** Share of the machine's cores busy between two readings. */
export const busyShare = (before: MachineTicks, after: MachineTicks) =>
  after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0;
