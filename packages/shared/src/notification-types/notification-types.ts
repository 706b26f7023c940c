import type {
  NotificationType,
  OperationCode,
  PanelGroup,
  Process,
  PublicNotificationType,
} from '../enums/notifications';

/**
 * What a reservation system must offer for a type's detector to run: the names of the
 * server's provider capabilities (`GdsCapabilities`), each a yes or no.
 */
export type ProviderNeed = 'segmentStatusCodes' | 'segmentCancel' | 'segmentHistory' | 'waitlist';

/** The key of a type's part of a branch's detector settings (the server's `DetectorSettings`). */
export type DetectorSettingsKey =
  | 'reprice'
  | 'segmentRemoval'
  | 'churning'
  | 'duplicates'
  | 'ticketingDue'
  | 'reschedule'
  | 'waitlist'
  | 'credits';

export type MainAction = {
  label: 'Approve' | 'Confirm';
  opCode: Extract<OperationCode, 'A' | 'C' | 'RP'>;
};

/** Everything the product says and does about one notification type, in one place. */
export type NotificationTypeDescriptor = {
  /** The panel and column it is listed under (SPEC §3). */
  group: PanelGroup;
  /** The process of settings and subscriptions that raises it. */
  process: Process;
  /** SPEC §3's report type name: the dashboard's charts and monthly sheets. */
  reportLabel: string;
  /** Its detector's name on PNR info. */
  detectorLabel: string;
  /** The details' main action (SPEC §4), or none. */
  mainAction: MainAction | null;
  /** The 'Keep …' switch (SPEC §2.5), sent as CR (on) and SR (off), or none. */
  keepSwitch: 'Keep repricing' | 'Keep alerting' | null;
  /** Whether the details offer to cancel the PNR. */
  cancelPnr: boolean;
  /** What the traveller's shared page shows of it, or null when it cannot be shared. */
  shareable: PublicNotificationType | null;
  /** What the booking's reservation system must offer for the detector to run. */
  needs: readonly ProviderNeed[];
  /** Its part of a branch's detector settings. */
  settings: DetectorSettingsKey;
};

/**
 * One record per notification type, in the order PNR info lists its detectors. A type without one does not compile, and the shared
 * package's test fails; every other place (the operations a type takes, the details' actions,
 * the share page, the labels, the provider checks, the detectors' switches) reads from here.
 */
export const NOTIFICATION_TYPES: Record<NotificationType, NotificationTypeDescriptor> = {
  Reprice: {
    group: 'REPRICE',
    process: 'RP',
    reportLabel: 'Reprice',
    detectorLabel: 'Reprice',
    mainAction: { label: 'Approve', opCode: 'RP' },
    keepSwitch: 'Keep repricing',
    cancelPnr: false,
    shareable: null,
    needs: [],
    settings: 'reprice',
  },
  SegmentRemoval: {
    group: 'ADM',
    process: 'C',
    reportLabel: 'Cancellation',
    detectorLabel: 'Segment removal',
    mainAction: { label: 'Approve', opCode: 'C' },
    keepSwitch: null,
    cancelPnr: false,
    shareable: null,
    // Inactive segments are told by their status codes (HX, UN, UC, NO) and removed one by one.
    needs: ['segmentStatusCodes', 'segmentCancel'],
    settings: 'segmentRemoval',
  },
  // SPEC §3's report names: churning is 'the ADM', segment removal 'Cancellation'.
  Churning: {
    group: 'ADM',
    process: 'ADM',
    reportLabel: 'ADM',
    detectorLabel: 'Churning',
    mainAction: { label: 'Confirm', opCode: 'A' },
    keepSwitch: null,
    cancelPnr: false,
    shareable: null,
    // Churning is a pattern in the booking's history of sells and cancellations.
    needs: ['segmentHistory'],
    settings: 'churning',
  },
  // Raised by the ADM process beside churning: both are airline booking-policy ADMs, and it is
  // confirmed once the agent has cancelled one of the bookings in the GDS (decision 040).
  DuplicateBooking: {
    group: 'ADM',
    process: 'ADM',
    reportLabel: 'Duplicate booking',
    detectorLabel: 'Duplicate booking',
    mainAction: { label: 'Confirm', opCode: 'A' },
    keepSwitch: null,
    cancelPnr: false,
    shareable: null,
    needs: [],
    settings: 'duplicates',
  },
  TicketingDue: {
    group: 'TICKETING_DUE',
    process: 'TD',
    reportLabel: 'Ticketing Due',
    detectorLabel: 'Ticketing due',
    mainAction: { label: 'Confirm', opCode: 'A' },
    keepSwitch: 'Keep alerting',
    cancelPnr: true,
    shareable: 'TD',
    needs: [],
    settings: 'ticketingDue',
  },
  Reschedule: {
    group: 'RESCHEDULE',
    process: 'SC',
    reportLabel: 'Reschedule',
    detectorLabel: 'Reschedule',
    mainAction: { label: 'Approve', opCode: 'A' },
    keepSwitch: null,
    cancelPnr: false,
    shareable: 'SC',
    needs: [],
    settings: 'reschedule',
  },
  HoldsWaitlist: {
    group: 'WAITLIST',
    process: 'HL',
    reportLabel: 'Class Available',
    detectorLabel: 'Waitlist',
    mainAction: null,
    keepSwitch: null,
    cancelPnr: false,
    shareable: null,
    needs: ['waitlist'],
    settings: 'waitlist',
  },
  // Raised by the credits ledger's sweep, not by a booking's check: an open airline credit
  // nears its last day (issue 36). It is the reprice process's, as the money it saves is;
  // confirming takes note, nothing is asked of the reservation system.
  CreditExpiry: {
    group: 'REPRICE',
    process: 'RP',
    reportLabel: 'Credit expiry',
    detectorLabel: 'Credit expiry',
    mainAction: { label: 'Confirm', opCode: 'A' },
    keepSwitch: null,
    cancelPnr: false,
    shareable: null,
    needs: [],
    settings: 'credits',
  },
};

const mapTypes = <T>(pick: (descriptor: NotificationTypeDescriptor) => T) =>
  Object.fromEntries(
    Object.entries(NOTIFICATION_TYPES).map(([type, descriptor]) => [type, pick(descriptor)]),
  ) as Record<NotificationType, T>;

export const GROUP_OF_TYPE: Record<NotificationType, PanelGroup> = mapTypes((d) => d.group);

export const PROCESS_OF_TYPE: Record<NotificationType, Process> = mapTypes((d) => d.process);

const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

/** The types an operation acts on: the main action's code, and CR/SR for a keep switch. */
export function typesTakingOperation(op: OperationCode): NotificationType[] {
  return NOTIFICATION_TYPE_NAMES.filter((type) => {
    const { mainAction, keepSwitch } = NOTIFICATION_TYPES[type];
    return op === 'CR' || op === 'SR' ? keepSwitch !== null : mainAction?.opCode === op;
  });
}
