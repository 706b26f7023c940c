import type { ErrorCode } from '@smt/shared';
import { failWith } from '@/lib/domain-error';

// Why the notifications module refuses, each reason with its code of CONTRACT's error shape
// (plugins/error-reasons.ts gathers every module's).

export const errorCodes = {
  /** Missing, outside the caller's scope or deleted: alike, so existence does not leak. */
  'notifications.not-found': 'NOT_FOUND',
  /** The notification has no price quote with the fare basis asked for. */
  'notifications.no-such-fare': 'NOT_FOUND',
  /** Any agency, branch or agent a list names lies outside the caller's scope. */
  'notifications.audience-outside': 'FORBIDDEN',
  'notifications.no-main-action': 'BAD_REQUEST',
  /** The operation code does not apply to the notification's type. */
  'notifications.wrong-operation': 'BAD_REQUEST',
  /** Cancelling the PNR asked of a notification other than ticketing-due. */
  'notifications.cancel-not-ticketing-due': 'BAD_REQUEST',
  /** A read-only notification (superseded) is neither operated on nor deleted. */
  'notifications.read-only': 'CONFLICT',
  /** The notification is deleted (status DEL). */
  'notifications.removed': 'CONFLICT',
  'notifications.not-pending': 'CONFLICT',
  /** Someone else completed the notification between the check and the write. */
  'notifications.taken-meanwhile': 'CONFLICT',
  'notifications.no-price-quote': 'CONFLICT',
  'notifications.pnr-cancelled': 'CONFLICT',
  'notifications.pnr-ticketed': 'CONFLICT',
  /** The reservation system no longer has the booking. */
  'notifications.booking-gone': 'CONFLICT',
  /** The reservation system refused to quote the cancellation's refund. */
  'notifications.quote-refused': 'CONFLICT',
  /** The refund quoted now is not the one the agent was shown. */
  'notifications.refund-changed': 'CONFLICT',
  /** What the alert promised no longer holds at the provider (a change now costs more). */
  'notifications.premise-changed': 'CONFLICT',
  /** The booking's connection is disconnected: nothing is sent to its provider. */
  'notifications.connection-disconnected': 'CONFLICT',
  /** The reservation system did not answer (down, timing out). */
  'notifications.gds-failed': 'INTERNAL',
} as const satisfies Record<`notifications.${string}`, ErrorCode>;

export const fail = failWith(errorCodes);
