import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown';

describe('cpuSlowdownFor', () => {
  it("should give Lighthouse's own 4x to a host of index 1533, the calculator's mid-tier line", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 2);
  });

  it('should slow the faster host more, so both emulate the same phone', () => {
    // The two hosts issue 23 was measured on.
    expect(cpuSlowdownFor(2204)).toBeCloseTo(6.88, 2);
    expect(cpuSlowdownFor(3840)).toBeCloseTo(13.9, 1);
  });

  it('should meet at the bends of the calculator: 3x at 1300, 2x at 800', () => {
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1299.99)).toBeCloseTo(3, 3);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(799.99)).toBeCloseTo(2, 3);
  });

  it('should not slow a host that is already a phone', () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(100)).toBe(1);
  });

  it('should refuse what is no benchmark index', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/not a Lighthouse benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/not a Lighthouse benchmark index/);
  });
});
