import type { NotificationType } from '@smt/shared';
import type { GdsProvider } from '@/gds/gds-client';
import type { GdsCapabilities } from '@/gds/gds-types';
import type { DetectorSettings } from './detector';

const PROVIDER_NAME: Record<GdsProvider, string> = { SIMULATOR: 'the simulator', DUFFEL: 'Duffel' };

/**
 * What a detector needs of the reservation system, as the gap a provider without it leaves:
 * the words PNR info shows after the provider's name, or null when any provider will do.
 */
const NEEDS: Record<NotificationType, (capabilities: GdsCapabilities) => string | null> = {
  Reprice: () => null,
  // Inactive segments are told by their status codes (HX, UN, UC, NO) and removed one by one.
  SegmentRemoval: (c) =>
    !c.segmentStatusCodes
      ? 'gives no segment status codes'
      : !c.segmentCancel
        ? 'cannot cancel single segments'
        : null,
  // Churning is a pattern in the booking's history of sells and cancellations.
  Churning: (c) => (c.segmentHistory ? null : 'keeps no segment history'),
  DuplicateBooking: () => null,
  TicketingDue: () => null,
  Reschedule: () => null,
  HoldsWaitlist: (c) => (c.waitlist ? null : 'has no waitlists'),
};

export type ProviderSupport = { provider: GdsProvider; capabilities: GdsCapabilities };

/** Why the provider keeps the detector from running ('Duffel keeps no segment history'), or null. */
export function unsupportedReason(type: NotificationType, support: ProviderSupport): string | null {
  const gap = NEEDS[type](support.capabilities);
  return gap === null ? null : `${PROVIDER_NAME[support.provider]} ${gap}`;
}

/** Every detector the provider keeps from running, with why: what PNR info lists for its bookings. */
export function unsupportedDetectors(
  support: ProviderSupport,
): { detector: NotificationType; reason: string }[] {
  return (Object.keys(NEEDS) as NotificationType[]).flatMap((detector) => {
    const reason = unsupportedReason(detector, support);
    return reason === null ? [] : [{ detector, reason }];
  });
}

const SETTING_OF: Record<NotificationType, keyof DetectorSettings> = {
  Reprice: 'reprice',
  SegmentRemoval: 'segmentRemoval',
  Churning: 'churning',
  DuplicateBooking: 'duplicates',
  TicketingDue: 'ticketingDue',
  Reschedule: 'reschedule',
  HoldsWaitlist: 'waitlist',
};

/** The branch's settings with every detector the provider cannot support switched off. */
export function settingsWithin(
  support: ProviderSupport,
  settings: DetectorSettings,
): DetectorSettings {
  const within = { ...settings };
  for (const type of Object.keys(NEEDS) as NotificationType[]) {
    if (unsupportedReason(type, support) === null) continue;
    const key = SETTING_OF[type];
    // Each entry keeps its own parameters; only the switch changes.
    Object.assign(within, { [key]: { ...settings[key], enabled: false } });
  }
  return within;
}
