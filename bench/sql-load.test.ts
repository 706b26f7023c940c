import { describe, expect, it } from 'vitest';
import { stagesOf, type CapturedStatement } from './sql-load';

const statement = (text: string, sentAt: number, answeredAt: number): CapturedStatement => ({
  text,
  values: [],
  sentAt,
  answeredAt,
});

describe('stagesOf', () => {
  it('should keep statements sent while others were in flight together, and the rest in turn', () => {
    // The page's ids, then its rows; the counters' two queries side by side.
    const stages = stagesOf([
      statement('rows', 3, 4),
      statement('ids', 0, 2),
      statement('counts', 5, 8),
      statement('latest', 5.5, 7),
    ]);

    expect(stages.map((stage) => stage.map((s) => s.text))).toEqual([
      ['ids'],
      ['rows'],
      ['counts', 'latest'],
    ]);
  });
});
