import { describe, expect, it } from 'vitest';
import { lifecycleStepOf, pnrStatusText, type PnrState } from './bookings';

const state = (over: Partial<PnrState> = {}): PnrState => ({
  isDeparted: false,
  isTicketed: false,
  isVoidable: false,
  ...over,
});

describe('the PNR status text (SPEC §3)', () => {
  it.each([
    [state(), 'Booked'],
    [state({ isTicketed: true, isVoidable: true }), 'Ticket Voidable'],
    [state({ isTicketed: true }), 'Ticketed'],
    [state({ isTicketed: true, isDeparted: true }), 'Departed'],
    [state({ isTicketed: true, isVoidable: true, isDeparted: true }), 'Departed'],
  ])('should read %o as %s', (pnr, text) => {
    expect(pnrStatusText(pnr)).toBe(text);
  });

  it('should put a voidable ticket on the stepper before Ticketed', () => {
    expect(lifecycleStepOf(state({ isTicketed: true, isVoidable: true }))).toBe('Voidable');
  });
});
