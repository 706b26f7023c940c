import { describe, expect, it } from 'vitest';
import { sabreQueueText } from './messages';
import { SABRE_DEFAULT_QUEUES } from './schemas/connections';

describe('sabreQueueText', () => {
  it.each([
    [5, 'Sabre queue 5 (schedule changes)'],
    [6, 'Sabre queue 6 (schedule changes)'],
    [7, 'Sabre queue 7 (cancelled segments, HX)'],
    [9, 'Sabre queue 9 (ticketing time limits)'],
    [17, 'Sabre queue 17 (waitlists cleared)'],
    [18, 'Sabre queue 18 (waitlists cleared)'],
  ])('should name what system queue %i holds', (queue, text) => {
    expect(sabreQueueText(queue)).toBe(text);
  });

  it.each([0, 8, 42, 400])(
    'should give only the number when %i is one of the agency’s own',
    (queue) => {
      expect(sabreQueueText(queue)).toBe(`Sabre queue ${queue}`);
    },
  );

  it('should name each system queue a connection reads by default', () => {
    for (const queue of SABRE_DEFAULT_QUEUES)
      expect(sabreQueueText(queue)).toMatch(/^Sabre queue \d+ \(.+\)$/);
  });
});
