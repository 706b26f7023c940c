import { readdir, readFile } from 'node:fs/promises';

// Where the machine's CPU went during the soak, read from /proc: the whole machine, the server
// child, this load generator and PostgreSQL's processes. When a latency target is missed, this
// says whether the cores were saturated and by whom.

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

export type CpuReading = {
  /** Seconds of CPU time the whole machine spent busy, summed over cores. */
  machineBusy: number;
  machineTotal: number;
  server: number;
  postgres: number;
  generator: number;
};

async function machine(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th figures.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/**
 * utime + stime of a process and of its children it has reaped, in seconds; its name (comm)
 * too. PostgreSQL's postmaster reaps its backends, so a backend that ended still counts.
 */
async function processCpu(pid: string | number): Promise<{ name: string; seconds: number } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The name sits in parentheses and may hold spaces; the figures follow the last ')'.
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14 to 17 of the line, 12 to 15 after the name.
    const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    return { name, seconds: ticks / TICKS };
  } catch {
    return null;
  }
}

async function postgresSeconds(): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const times = await Promise.all(pids.map((pid) => processCpu(pid)));
  return times.reduce((sum, t) => sum + (t?.name === 'postgres' ? t.seconds : 0), 0);
}

export async function readCpu(serverPid: number): Promise<CpuReading> {
  const [whole, server, postgres] = await Promise.all([
    machine(),
    processCpu(serverPid),
    postgresSeconds(),
  ]);
  const own = process.cpuUsage();
  return {
    machineBusy: whole.busy,
    machineTotal: whole.total,
    server: server?.seconds ?? 0,
    postgres,
    generator: (own.user + own.system) / 1e6,
  };
}

/**
 * Shares of the machine's capacity between two readings: every core busy is 100%.
 */
export function cpuShares(before: CpuReading, after: CpuReading) {
  const capacity = after.machineTotal - before.machineTotal;
  const share = (key: keyof CpuReading) => (after[key] - before[key]) / capacity;
  const busy = share('machineBusy');
  const server = share('server');
  const postgres = share('postgres');
  const generator = share('generator');
  return { busy, server, postgres, generator, rest: busy - server - postgres - generator };
}
