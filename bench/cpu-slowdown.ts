// Lighthouse's CPU slowdown is relative to the host: 4x on a fast desktop is a mid-tier phone,
// 4x on a slow runner is a much slower one. Lighthouse's throttling guide
// (docs/throttling.md, 'Calibrating the CPU slowdown') sends users to its CPU slowdown
// calculator (lighthouse-cpu-throttling-calculator.vercel.app), whose formula this is: the
// multiplier that brings a host of a given benchmark index to the mid-tier phone Lighthouse's
// mobile preset stands for.

/** The CPU slowdown that makes a host of this benchmark index run as a mid-tier phone. */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`not a Lighthouse benchmark index: ${benchmarkIndex}`);
  }
  // 1300 is 3x, and each 233 more one more (1533 4x, 1766 5x, 2000 6x).
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  // 800 is 2x, 1300 3x.
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  // 150 is 1x, 800 2x; a host slower than a mid-tier phone is not slowed at all.
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
