import { DASHBOARD_CALLS, NOTIFICATION_CALLS, PNR_CALLS } from '@smt/shared';
import { mb, median, ms, quantile, thousands } from './measure';
import type { Failure, Sample } from './soak-http';
import type { RssSample } from './soak-server';

// The soak's figures and verdicts: latency per call kind against the targets, and the
// server's memory after warming up against its last minute.

/** Issue 12 §2: p95 ≤ 50 ms for the lists and counters, ≤ 200 ms for the dashboard. */
export const LIST_TARGET_MS = 50;
export const DASHBOARD_TARGET_MS = 200;
/** Memory is flat when the last minute's RSS is at most this much above the warmed-up one. */
export const RSS_GROWTH_BOUND = 0.15;

const LISTS_AND_COUNTERS: readonly string[] = [
  NOTIFICATION_CALLS.list,
  `${NOTIFICATION_CALLS.list} (booking)`,
  NOTIFICATION_CALLS.unreadCounters,
  PNR_CALLS.list,
];
// The statistics calls of the home page sit with the dashboard's in SPEC §7.3.
const DASHBOARD: readonly string[] = [
  DASHBOARD_CALLS.completedVsTotal,
  DASHBOARD_CALLS.potentialVsActual,
  DASHBOARD_CALLS.savingPerAirline,
  DASHBOARD_CALLS.potentialVsActualByPeriod,
  DASHBOARD_CALLS.savingPerCustomerNumber,
  DASHBOARD_CALLS.admPerAirline,
  DASHBOARD_CALLS.youngPqs,
  DASHBOARD_CALLS.monthlyStat,
  NOTIFICATION_CALLS.userStats,
  NOTIFICATION_CALLS.allStats,
];

export function targetOf(kind: string): number | null {
  if (LISTS_AND_COUNTERS.includes(kind)) return LIST_TARGET_MS;
  if (DASHBOARD.includes(kind)) return DASHBOARD_TARGET_MS;
  return null;
}

export type KindFigures = {
  kind: string;
  calls: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  target: number | null;
  met: boolean | null;
};

export function figuresPerKind(samples: Sample[], failures: Failure[]): KindFigures[] {
  const byKind = new Map<string, number[]>();
  for (const sample of samples) {
    const times = byKind.get(sample.kind) ?? [];
    times.push(sample.ms);
    byKind.set(sample.kind, times);
  }
  for (const failure of failures) if (!byKind.has(failure.kind)) byKind.set(failure.kind, []);
  return [...byKind.entries()]
    .map(([kind, times]) => {
      times.sort((a, b) => a - b);
      const target = targetOf(kind);
      const p95 = quantile(times, 0.95);
      return {
        kind,
        calls: times.length,
        failures: failures.filter((f) => f.kind === kind).length,
        p50: median(times),
        p95,
        p99: quantile(times, 0.99),
        max: times.at(-1) ?? NaN,
        target,
        met: target === null ? null : p95 <= target,
      };
    })
    .sort((a, b) => (a.target ?? 1e9) - (b.target ?? 1e9) || b.calls - a.calls);
}

export type MemoryFigures = {
  /** Seconds: the warm-up ends, the window that follows it, and the last window. */
  warmUp: number;
  window: number;
  baseline: number;
  last: number;
  peak: number;
  growth: number;
  flat: boolean;
};

/**
 * The median RSS of the window after warm-up against the median of the last window: a minute
 * each over a 5-minute run, a fifth of the run each over a shorter one.
 */
export function memoryFigures(series: RssSample[], seconds: number): MemoryFigures {
  const warmUp = Math.min(60, seconds / 5);
  const window = Math.min(60, seconds / 5);
  const end = series.at(-1)?.at ?? seconds;
  const within = (from: number, to: number) =>
    series
      .filter((s) => s.at >= from && s.at <= to)
      .map((s) => s.bytes)
      .sort((a, b) => a - b);
  const baseline = median(within(warmUp, warmUp + window));
  const last = median(within(end - window, end));
  const growth = last / baseline - 1;
  return {
    warmUp,
    window,
    baseline,
    last,
    peak: Math.max(...series.map((s) => s.bytes)),
    growth,
    flat: growth <= RSS_GROWTH_BOUND,
  };
}

export const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

/** The RSS every 30 s, as a one-line series for the results. */
export function rssSeries(series: RssSample[]): string {
  const shown: string[] = [];
  let next = 0;
  for (const sample of series) {
    if (sample.at + 2.5 < next) continue;
    shown.push(`${Math.round(sample.at)} s ${mb(sample.bytes)}`);
    next = sample.at + 30;
  }
  return shown.join(' · ');
}

export function latencyTable(figures: KindFigures[]): string {
  const rows = figures.map((f) => {
    const verdict = f.met === null ? '—' : f.met ? 'met' : '**missed**';
    const target = f.target === null ? '—' : `≤ ${f.target}`;
    return `| ${f.kind} | ${thousands(f.calls)} | ${f.failures} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${target} | ${verdict} |`;
  });
  return [
    '| call | calls | errors | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | p95 target (ms) | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
