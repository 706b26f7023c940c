import { describe, expect, it } from 'vitest';
import { NotificationType, OperationCode, PANEL_GROUPS, Process } from '../enums/notifications';
import {
  GROUP_OF_TYPE,
  NOTIFICATION_TYPES,
  PROCESS_OF_TYPE,
  typesTakingOperation,
} from './notification-types';

describe('NOTIFICATION_TYPES', () => {
  it.each(NotificationType.options)('should describe %s', (type) => {
    const descriptor = NOTIFICATION_TYPES[type];

    expect(descriptor).toBeDefined();
    expect(PANEL_GROUPS).toContain(descriptor.group);
    expect(Process.options).toContain(descriptor.process);
    expect(descriptor.reportLabel).not.toBe('');
    expect(descriptor.detectorLabel).not.toBe('');
  });

  it('should describe no type the enum does not name', () => {
    expect(Object.keys(NOTIFICATION_TYPES).sort()).toEqual([...NotificationType.options].sort());
  });

  it('should derive the group and the process of each type from its descriptor', () => {
    expect(GROUP_OF_TYPE).toEqual({
      Reprice: 'REPRICE',
      SegmentRemoval: 'ADM',
      Churning: 'ADM',
      DuplicateBooking: 'ADM',
      TicketingDue: 'TICKETING_DUE',
      Reschedule: 'RESCHEDULE',
      HoldsWaitlist: 'WAITLIST',
      CreditExpiry: 'REPRICE',
    });
    expect(PROCESS_OF_TYPE).toEqual({
      Reprice: 'RP',
      SegmentRemoval: 'C',
      Churning: 'ADM',
      DuplicateBooking: 'ADM',
      TicketingDue: 'TD',
      Reschedule: 'SC',
      HoldsWaitlist: 'HL',
      CreditExpiry: 'RP',
    });
  });

  it('should share only schedule changes and ticketing deadlines, each as its public kind', () => {
    const shareable = Object.entries(NOTIFICATION_TYPES)
      .filter(([, descriptor]) => descriptor.shareable !== null)
      .map(([type, descriptor]) => [type, descriptor.shareable]);

    expect(shareable).toEqual([
      ['TicketingDue', 'TD'],
      ['Reschedule', 'SC'],
    ]);
  });
});

describe('typesTakingOperation', () => {
  // SPEC §4: the main action sends C for segment removal, RP for reprice and A otherwise (not
  // for HoldsWaitlist, which has none; a credit's expiry warning is confirmed as taken note
  // of); the 'Keep …' switches send CR and SR.
  it.each([
    ['RP', ['Reprice']],
    ['C', ['SegmentRemoval']],
    ['A', ['Churning', 'DuplicateBooking', 'TicketingDue', 'Reschedule', 'CreditExpiry']],
    ['CR', ['Reprice', 'TicketingDue']],
    ['SR', ['Reprice', 'TicketingDue']],
  ] as const)('should let %s act on %j', (op, types) => {
    expect(typesTakingOperation(op)).toEqual(types);
  });

  it('should give every operation code an answer', () => {
    for (const op of OperationCode.options)
      expect(typesTakingOperation(op).length).toBeGreaterThan(0);
  });
});
