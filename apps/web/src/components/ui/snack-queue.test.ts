import { describe, expect, it, vi } from 'vitest';
import {
  isSnackWanted,
  onSnackWanted,
  requestSnack,
  serveSnacks,
  type SnackRequest,
} from '@/components/ui/snack-queue';

describe('the snack queue', () => {
  it('should keep the snacks asked for before the host loads and hand them over in order', () => {
    const wanted = vi.fn();
    const stopHearing = onSnackWanted(wanted);
    expect(isSnackWanted()).toBe(false);

    requestSnack('Saved', { variant: 'success' });
    requestSnack('Operation failed', { variant: 'error' });

    expect(wanted).toHaveBeenCalledTimes(2);
    expect(isSnackWanted()).toBe(true);
    const shown: SnackRequest[] = [];
    const stop = serveSnacks((request) => shown.push(request));
    expect(shown).toEqual([
      { message: 'Saved', options: { variant: 'success' } },
      { message: 'Operation failed', options: { variant: 'error' } },
    ]);

    requestSnack('Copied', { variant: 'success' });
    expect(shown.map((request) => request.message)).toEqual([
      'Saved',
      'Operation failed',
      'Copied',
    ]);
    expect(wanted).toHaveBeenCalledTimes(2);

    stop();
    stopHearing();
    expect(isSnackWanted()).toBe(false);
  });
});
