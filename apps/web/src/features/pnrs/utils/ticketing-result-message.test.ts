import { describe, expect, it } from 'vitest';
import { ticketingResultMessage } from './ticketing-result-message';

describe('ticketingResultMessage', () => {
  it.each([
    ['SUCCESS', 'PNR has been ticketed', 'success'],
    ['PARTIAL_SUCCESS', 'Failed to issue tickets for some extras (seats/ancillaries)', 'success'],
    ['LOCKED', 'Ticketing is in progress', 'error'],
    ['FAILURE', 'Ticketing has been failed', 'error'],
    ['EXPIRED', 'Ticketing has been skipped', 'error'],
  ])(
    'should say the text of %s as a %s message when there is no errorText',
    (state, message, severity) => {
      expect(ticketingResultMessage({ state, errorText: null })).toEqual({ message, severity });
    },
  );

  it("should say the server's errorText first when it gives one", () => {
    expect(ticketingResultMessage({ state: 'FAILURE', errorText: 'Card declined' })).toEqual({
      message: 'Card declined',
      severity: 'error',
    });
    expect(ticketingResultMessage({ state: 'SUCCESS', errorText: 'Seats not issued' })).toEqual({
      message: 'Seats not issued',
      severity: 'success',
    });
  });

  it('should ignore an errorText when it is blank', () => {
    expect(ticketingResultMessage({ state: 'LOCKED', errorText: '  ' }).message).toBe(
      'Ticketing is in progress',
    );
  });

  it("should say 'Operation failed' as an error when the state is unknown", () => {
    expect(ticketingResultMessage({ state: 'PENDING', errorText: null })).toEqual({
      message: 'Operation failed',
      severity: 'error',
    });
    expect(ticketingResultMessage({ state: null, errorText: null })).toEqual({
      message: 'Operation failed',
      severity: 'error',
    });
  });
});
