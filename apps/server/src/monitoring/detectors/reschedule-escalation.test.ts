import { describe, expect, it } from 'vitest';
import { escalateReschedule, escalationStageOf } from './reschedule-escalation';
import {
  aBooking,
  anInput,
  aPending,
  aSegment,
  NOW,
  settingsWith,
} from './testing/booking-builder';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

// A pending schedule change on s1, raised `raisedAgo` before NOW; s1 leaves `leavesIn` after.
const booking = (leavesIn = 7 * 24 * HOUR) =>
  aBooking({ segments: [aSegment({ status: 'TK', departsAt: at(leavesIn) })] });
const change = (raisedAgo: number, escalation = 0) =>
  aPending({
    id: 7,
    type: 'Reschedule',
    dedupeKey: 'SC:s1:abc',
    titleMessage: 'Flight LY315 departs 2 hours later',
    alerts: [{ text: 'Flight LY315 departs 2 hours later' }],
    segmentIds: ['s1'],
    raisedAt: at(-raisedAgo),
    escalation,
  });
const stageOf = (raisedAgo: number, leavesIn?: number) =>
  escalationStageOf(change(raisedAgo), booking(leavesIn), NOW, 24);

describe('escalationStageOf (docs/decisions/064)', () => {
  it("should remind the agent at the branch's hours after the change was raised, not a minute before", () => {
    expect(stageOf(24 * HOUR - MINUTE)).toBe(0);
    expect(stageOf(24 * HOUR)).toBe(1);
  });

  it('should tell the managers at twice those hours, not a minute before', () => {
    expect(stageOf(48 * HOUR - MINUTE)).toBe(1);
    expect(stageOf(48 * HOUR)).toBe(2);
  });

  it('should remind the agent 24 hours before the flight leaves at the latest', () => {
    expect(stageOf(MINUTE, 24 * HOUR + MINUTE)).toBe(0);
    expect(stageOf(MINUTE, 24 * HOUR)).toBe(1);
  });

  it('should tell the managers 6 hours before the flight leaves at the latest', () => {
    expect(stageOf(MINUTE, 6 * HOUR + MINUTE)).toBe(1);
    expect(stageOf(MINUTE, 6 * HOUR)).toBe(2);
  });

  it('should chase nothing once the changed flight has left', () => {
    expect(stageOf(72 * HOUR, -MINUTE)).toBe(0);
  });

  it('should chase only schedule changes', () => {
    const reprice = { ...change(72 * HOUR), type: 'Reprice' as const };

    expect(escalationStageOf(reprice, booking(), NOW, 24)).toBe(0);
  });
});

describe('escalateReschedule', () => {
  const revise = (pending: ReturnType<typeof change>[], leavesIn?: number, enabled = true) =>
    escalateReschedule(
      anInput({ current: booking(leavesIn), pending }),
      settingsWith({ reschedule: { escalateAfterHours: 24, enabled } }),
    );

  it('should add the reminder to the alert and say the stage', () => {
    expect(revise([change(25 * HOUR)])).toEqual([
      {
        id: 7,
        titleMessage: 'Flight LY315 departs 2 hours later',
        alerts: [
          { text: 'Flight LY315 departs 2 hours later' },
          {
            text: 'Not handled after 25 hours; LY315 leaves in 168 hours: reminded to the agent',
          },
        ],
        potentialSaving: null,
        reason: 'reminded the agent after 25 hours',
        escalation: 1,
      },
    ]);
  });

  it('should tell the managers once the reminder went unheeded, and say it in the alert', () => {
    const [revision] = revise([change(50 * HOUR, 1)]);

    expect(revision).toMatchObject({
      escalation: 2,
      reason: 'told the managers after 50 hours',
    });
    expect(revision?.alerts.at(-1)).toEqual({
      text: "Not handled after 50 hours; LY315 leaves in 168 hours: told to the branch's managers",
    });
  });

  it('should chase nothing again at a stage already reached', () => {
    expect(revise([change(30 * HOUR, 1)])).toEqual([]);
    expect(revise([change(90 * HOUR, 2)])).toEqual([]);
  });

  it('should go straight to the managers for a change raised 5 hours before the flight leaves', () => {
    expect(revise([change(10 * MINUTE)], 5 * HOUR)).toMatchObject([{ escalation: 2 }]);
  });

  it('should chase nothing while the process is off', () => {
    expect(revise([change(50 * HOUR)], undefined, false)).toEqual([]);
  });
});
