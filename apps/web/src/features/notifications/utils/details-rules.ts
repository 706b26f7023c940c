import {
  NOTIFICATION_TYPES,
  type MainAction,
  type NotificationHeader,
  type NotificationType,
  type OperationCode,
} from '@smt/shared';

// The action rules of SPEC §4 for the details overlay, as pure functions of the header; what
// a type offers is its descriptor's (NOTIFICATION_TYPES).

export type { MainAction };

/** The main action of a type (its descriptor's); none for HoldsWaitlist. */
export const mainActionOf = (type: NotificationType): MainAction | null =>
  NOTIFICATION_TYPES[type].mainAction;

/** Only a pending, writable notification can be acted on, and not while something runs. */
export function isMainActionDisabled(
  header: Pick<NotificationHeader, 'subtype' | 'readonly'>,
  busy: boolean,
): boolean {
  return header.subtype !== 'Pending' || header.readonly || busy;
}

/** The 'Keep …' switch of a type (SPEC §2.5), sent as CR (on) or SR (off). */
export const keepSwitchLabelOf = (type: NotificationType): string | null =>
  NOTIFICATION_TYPES[type].keepSwitch;

export const keepSwitchOpCode = (on: boolean): Extract<OperationCode, 'CR' | 'SR'> =>
  on ? 'CR' : 'SR';

export const canCancelPnr = (type: NotificationType) => NOTIFICATION_TYPES[type].cancelPnr;

export function isCancelPnrDisabled(pnr: { is_ticketed: boolean; is_cancelled: boolean }) {
  return pnr.is_ticketed || pnr.is_cancelled;
}

/** Sharing leads to the public page, which shows schedule changes and ticketing deadlines only. */
export const canShare = (type: NotificationType) => NOTIFICATION_TYPES[type].shareable !== null;

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
