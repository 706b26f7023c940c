import { describe, expect, it } from 'vitest';
import { csvFileName, csvRecordOf } from './notification-list.csv';
import type { ListRow } from './notification-list.repository';

describe('the notification CSV', () => {
  it('should name the file after the UTC day it is made', () => {
    expect(csvFileName(new Date('2026-11-22T23:30:00-02:00'))).toBe('notifications-2026-11-23.csv');
  });

  it('should write a row with the group label, UTC minute and read flag when given a list row', () => {
    const row: ListRow = {
      id: 42,
      type: 'TicketingDue',
      subtype: 'Pending',
      group: 'TICKETING_DUE',
      typeStatus: 'Active',
      status: 'READY',
      title: 'Ticketing due',
      titleMessage: 'Issue today',
      notificationTime: new Date('2026-11-22T08:05:59.999Z'),
      readonly: false,
      contactName: null,
      pnrSummary: 'TLV-LHR LY315 2026-12-13 10:00',
      alerts: [],
      pnr: 'ABC123',
      agentName: 'Bella Agent',
      deadlineAt: null,
      bookingId: 7,
    };
    expect(csvRecordOf(row)).toEqual({
      id: 42,
      time: '2026-11-22 08:05',
      group: 'Ticketing Due',
      type: 'TicketingDue',
      status: 'Pending',
      read: 'No',
      title: 'Ticketing due',
      message: 'Issue today',
      pnr: 'ABC123',
      contact: null,
      booking: 'TLV-LHR LY315 2026-12-13 10:00',
    });
    expect(csvRecordOf({ ...row, status: 'READ' }).read).toBe('Yes');
  });
});
