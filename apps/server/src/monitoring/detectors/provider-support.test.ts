import { describe, expect, it } from 'vitest';
import { DUFFEL_CAPABILITIES, GDS_CAPABILITIES } from '@/gds/capabilities';
import { DEFAULT_DETECTOR_SETTINGS } from './default-settings';
import { settingsWithin, unsupportedDetectors, unsupportedReason } from './provider-support';

const duffel = { provider: 'DUFFEL' as const, capabilities: DUFFEL_CAPABILITIES };
const simulator = { provider: 'SIMULATOR' as const, capabilities: GDS_CAPABILITIES };

describe('what a provider supports', () => {
  it('should run every detector on a GDS that has status codes, waitlists and history', () => {
    expect(settingsWithin(simulator, DEFAULT_DETECTOR_SETTINGS)).toEqual(DEFAULT_DETECTOR_SETTINGS);
    expect(unsupportedReason('Churning', simulator)).toBeNull();
  });

  it('should switch off churning, waitlists and segment removal on Duffel and say why', () => {
    const within = settingsWithin(duffel, DEFAULT_DETECTOR_SETTINGS);
    expect(within.churning).toEqual({ ...DEFAULT_DETECTOR_SETTINGS.churning, enabled: false });
    expect(within.waitlist.enabled).toBe(false);
    expect(within.segmentRemoval).toEqual({
      ...DEFAULT_DETECTOR_SETTINGS.segmentRemoval,
      enabled: false,
    });
    expect(unsupportedReason('Churning', duffel)).toBe('Duffel keeps no segment history');
    expect(unsupportedReason('HoldsWaitlist', duffel)).toBe('Duffel has no waitlists');
    expect(unsupportedReason('SegmentRemoval', duffel)).toBe(
      'Duffel gives no segment status codes',
    );
  });

  it('should keep reprice, schedule changes, deadlines and duplicates on Duffel', () => {
    const within = settingsWithin(duffel, DEFAULT_DETECTOR_SETTINGS);
    // Duffel cannot void and reissue a ticket: no void window (docs/decisions/068).
    expect(within.reprice).toEqual({ ...DEFAULT_DETECTOR_SETTINGS.reprice, voidWindowHours: 0 });
    expect(within.reschedule).toEqual(DEFAULT_DETECTOR_SETTINGS.reschedule);
    expect(within.ticketingDue).toEqual(DEFAULT_DETECTOR_SETTINGS.ticketingDue);
    expect(within.duplicates).toEqual(DEFAULT_DETECTOR_SETTINGS.duplicates);
  });

  it('should name a provider that cannot cancel single segments', () => {
    const partial = { ...simulator, capabilities: { ...GDS_CAPABILITIES, segmentCancel: false } };
    expect(unsupportedReason('SegmentRemoval', partial)).toBe(
      'the simulator cannot cancel single segments',
    );
  });

  it('should list for PNR info every detector a provider keeps from running, and none on a GDS', () => {
    expect(unsupportedDetectors(simulator)).toEqual([]);
    expect(unsupportedDetectors(duffel).map((gap) => gap.detector)).toEqual([
      'SegmentRemoval',
      'Churning',
      'HoldsWaitlist',
    ]);
  });
});
