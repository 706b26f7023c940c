import { z } from 'zod';
import { PANEL_GROUPS, type PanelGroup } from './panel-groups';

export { PANEL_GROUPS, type PanelGroup };

export const NotificationGroup = z.enum([
  'REPRICE',
  'ADM',
  'TICKETING_DUE',
  'RESCHEDULE',
  'WAITLIST',
  'RC',
  'SA',
  'ALERT',
]);
export type NotificationGroup = z.infer<typeof NotificationGroup>;

export const GROUP_LABEL: Record<PanelGroup, string> = {
  REPRICE: 'Reprice',
  ADM: 'ADMs',
  TICKETING_DUE: 'Ticketing Due',
  RESCHEDULE: 'Reschedule',
  WAITLIST: 'Waitlist',
};

export const NotificationType = z.enum([
  'Reprice',
  'TicketingDue',
  'Churning',
  'SegmentRemoval',
  'HoldsWaitlist',
  'Reschedule',
  'DuplicateBooking',
  'CreditExpiry',
]);
export type NotificationType = z.infer<typeof NotificationType>;

export const NotificationSubtype = z.enum(['Pending', 'Failed', 'Complete']);
export type NotificationSubtype = z.infer<typeof NotificationSubtype>;

export const TypeStatus = z.enum(['Active', 'Inactive']);
export type TypeStatus = z.infer<typeof TypeStatus>;

export const NotificationStatus = z.enum(['READY', 'NEW', 'FAILED', 'DEL', 'READ', 'EXISTS']);
export type NotificationStatus = z.infer<typeof NotificationStatus>;

export const UNREAD_STATUSES = ['NEW', 'READY'] as const satisfies readonly NotificationStatus[];

export function isUnread(status: NotificationStatus): boolean {
  return (UNREAD_STATUSES as readonly NotificationStatus[]).includes(status);
}

/** The views of the notifications screen and the subtypes each one lists (SPEC §4). */
export const NotificationView = z.enum(['PENDING', 'COMPLETED', 'ALL']);
export type NotificationView = z.infer<typeof NotificationView>;

export const SUBTYPES_OF_VIEW: Record<NotificationView, readonly NotificationSubtype[]> = {
  PENDING: ['Pending'],
  COMPLETED: ['Complete', 'Failed'],
  ALL: ['Pending', 'Complete', 'Failed'],
};

export const OperationStatus = z.enum(['ACTIVE', 'INACTIVE', 'PENDING', 'COMPLETE', 'FAILED']);
export type OperationStatus = z.infer<typeof OperationStatus>;

/** CR continue repricing, SR stop repricing, A approve, C cancel, RP reprice. */
export const OperationCode = z.enum(['CR', 'SR', 'A', 'C', 'RP']);
export type OperationCode = z.infer<typeof OperationCode>;

/**
 * Report type codes, which are also the processes of settings and subscriptions:
 * TD ticketing due, RP reprice, CW waitlist, SC reschedule, C segment removal (ADMs),
 * HL holds waitlist (Class Available), ADM churning, ALL.
 */
export const ReportType = z.enum(['TD', 'RP', 'CW', 'SC', 'C', 'HL', 'ADM', 'ALL']);
export type ReportType = z.infer<typeof ReportType>;

export const Process = ReportType.exclude(['ALL']);
export type Process = z.infer<typeof Process>;

export const FetchType = z.enum(['personal', 'all']);
export type FetchType = z.infer<typeof FetchType>;

/** Notification kinds a public share page renders: SC schedule change, TD ticketing due. */
export const PublicNotificationType = z.enum(['SC', 'TD']);
export type PublicNotificationType = z.infer<typeof PublicNotificationType>;

/** Keys of the unread counters, kept per pending and complete bucket (SPEC §3). */
export const UNREAD_COUNTER_KEYS = [
  'total',
  'reschedule',
  'ADM',
  'reprice',
  'ticketingDue',
  'waitlist',
  'recent',
  'SA',
  'alert',
] as const;
export type UnreadCounterKey = (typeof UNREAD_COUNTER_KEYS)[number];

/** The unread counter of each panel group (SPEC §3 counter keys). */
export const COUNTER_KEY_OF_GROUP: Record<PanelGroup, UnreadCounterKey> = {
  REPRICE: 'reprice',
  ADM: 'ADM',
  TICKETING_DUE: 'ticketingDue',
  RESCHEDULE: 'reschedule',
  WAITLIST: 'waitlist',
};
