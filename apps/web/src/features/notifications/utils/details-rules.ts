import type { NotificationHeader, NotificationType, OperationCode } from '@smt/shared';

// The action rules of SPEC §4 for the details overlay, as pure functions of the header.

export type MainAction = {
  label: 'Approve' | 'Confirm';
  opCode: Extract<OperationCode, 'A' | 'C' | 'RP'>;
};

/** The main action of a type; none for HoldsWaitlist. */
export function mainActionOf(type: NotificationType): MainAction | null {
  switch (type) {
    case 'HoldsWaitlist':
      return null;
    // A duplicate booking is confirmed once the agent has cancelled one of them in the GDS.
    case 'TicketingDue':
    case 'Churning':
    case 'DuplicateBooking':
      return { label: 'Confirm', opCode: 'A' };
    case 'SegmentRemoval':
      return { label: 'Approve', opCode: 'C' };
    case 'Reprice':
      return { label: 'Approve', opCode: 'RP' };
    case 'Reschedule':
      return { label: 'Approve', opCode: 'A' };
  }
}

/** Only a pending, writable notification can be acted on, and not while something runs. */
export function isMainActionDisabled(
  header: Pick<NotificationHeader, 'subtype' | 'readonly'>,
  busy: boolean,
): boolean {
  return header.subtype !== 'Pending' || header.readonly || busy;
}

/** The 'Keep …' switch of a type (SPEC §2.5), sent as CR (on) or SR (off). */
export function keepSwitchLabelOf(type: NotificationType): string | null {
  if (type === 'Reprice') return 'Keep repricing';
  if (type === 'TicketingDue') return 'Keep alerting';
  return null;
}

export const keepSwitchOpCode = (on: boolean): Extract<OperationCode, 'CR' | 'SR'> =>
  on ? 'CR' : 'SR';

export const canCancelPnr = (type: NotificationType) => type === 'TicketingDue';

export function isCancelPnrDisabled(pnr: { is_ticketed: boolean; is_cancelled: boolean }) {
  return pnr.is_ticketed || pnr.is_cancelled;
}

/** Sharing leads to the public page, which shows schedule changes and ticketing deadlines only. */
export const canShare = (type: NotificationType) =>
  type === 'Reschedule' || type === 'TicketingDue';

export type BannerTone = 'red' | 'grey' | 'green';
export type Banner = { tone: BannerTone; text: string };

/**
 * A finished reprice shows its title (SPEC §2.5): grey for a 'reprice attempt' (tried, nothing
 * lost), otherwise red when it failed and green when it completed.
 */
export function repriceBannerOf(
  header: Pick<NotificationHeader, 'type' | 'subtype' | 'title'>,
): Banner | null {
  if (header.type !== 'Reprice' || header.subtype === 'Pending') return null;
  if (/reprice attempt/i.test(header.title)) return { tone: 'grey', text: header.title };
  return { tone: header.subtype === 'Failed' ? 'red' : 'green', text: header.title };
}
