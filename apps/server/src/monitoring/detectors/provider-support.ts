import { NOTIFICATION_TYPES, type NotificationType, type ProviderNeed } from '@smt/shared';
import type { GdsProvider } from '@/gds/gds-client';
import type { GdsCapabilities } from '@/gds/gds-types';
import type { DetectorSettings } from './detector';

const PROVIDER_NAME: Record<GdsProvider, string> = {
  SIMULATOR: 'the simulator',
  DUFFEL: 'Duffel',
  SABRE: 'Sabre',
};

/**
 * The gap a provider without a capability leaves, in the words PNR info shows after the
 * provider's name. What each type needs is its descriptor's `needs`.
 */
const GAP: Record<ProviderNeed, string> = {
  segmentStatusCodes: 'gives no segment status codes',
  segmentCancel: 'cannot cancel single segments',
  segmentHistory: 'keeps no segment history',
  waitlist: 'has no waitlists',
};

// A need is a yes-or-no capability of the provider port.
const has = (capabilities: GdsCapabilities, need: ProviderNeed): boolean => capabilities[need];

const TYPES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

export type ProviderSupport = { provider: GdsProvider; capabilities: GdsCapabilities };

/** Why the provider keeps the detector from running ('Duffel keeps no segment history'), or null. */
export function unsupportedReason(type: NotificationType, support: ProviderSupport): string | null {
  const gap = NOTIFICATION_TYPES[type].needs.find((need) => !has(support.capabilities, need));
  return gap === undefined ? null : `${PROVIDER_NAME[support.provider]} ${GAP[gap]}`;
}

/** Every detector the provider keeps from running, with why: what PNR info lists for its bookings. */
export function unsupportedDetectors(
  support: ProviderSupport,
): { detector: NotificationType; reason: string }[] {
  return TYPES.flatMap((detector) => {
    const reason = unsupportedReason(detector, support);
    return reason === null ? [] : [{ detector, reason }];
  });
}

/** The branch's settings with every detector the provider cannot support switched off. */
export function settingsWithin(
  support: ProviderSupport,
  settings: DetectorSettings,
): DetectorSettings {
  const within = { ...settings };
  for (const type of TYPES) {
    if (unsupportedReason(type, support) === null) continue;
    const key = NOTIFICATION_TYPES[type].settings;
    // Each entry keeps its own parameters; only the switch changes.
    Object.assign(within, { [key]: { ...settings[key], enabled: false } });
  }
  // A provider that cannot void leaves no void window to reprice in (docs/decisions/068).
  if (!support.capabilities.voidsTickets)
    within.reprice = { ...within.reprice, voidWindowHours: 0 };
  return within;
}
