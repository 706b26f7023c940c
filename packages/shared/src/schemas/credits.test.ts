import { describe, expect, it } from 'vitest';
import {
  CreditCreateBody,
  CreditListQuery,
  creditAmountText,
  creditMessages,
  CreditStateBody,
} from './credits';

const entered = {
  pnrNumber: 'abc123',
  passengerName: ' Cohen / Dana ',
  airline: 'ly',
  amount: '120.5',
  currency: 'usd',
  expiresOn: '2026-12-31',
  reference: '',
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('CreditCreateBody', () => {
  it('should take a credit as an agent types it, in cents and upper case', () => {
    expect(CreditCreateBody.parse(entered)).toEqual({
      pnrNumber: 'ABC123',
      passengerName: 'COHEN/DANA',
      airline: 'LY',
      amount: 12050,
      currency: 'USD',
      expiresOn: '2026-12-31',
      reference: undefined,
    });
  });

  it('should refuse an amount of zero, of three decimals or over a million', () => {
    for (const amount of ['0', '0.00', '1.005', '-3', 'abc', '']) {
      expect(messagesOf(CreditCreateBody.safeParse({ ...entered, amount })).amount).toBe(
        creditMessages.amount,
      );
    }
    expect(
      messagesOf(CreditCreateBody.safeParse({ ...entered, amount: '1000000.01' })).amount,
    ).toBe(creditMessages.amountTooLarge);
    expect(CreditCreateBody.parse({ ...entered, amount: '1000000' }).amount).toBe(100_000_000);
  });

  it('should say the expiry date is required when it is left empty', () => {
    expect(messagesOf(CreditCreateBody.safeParse({ ...entered, expiresOn: '' })).expiresOn).toBe(
      creditMessages.expiresOnRequired,
    );
  });

  it('should refuse a name without its slash', () => {
    expect(
      messagesOf(CreditCreateBody.safeParse({ ...entered, passengerName: 'Dana Cohen' }))
        .passengerName,
    ).toBe(creditMessages.passengerName);
  });
});

describe('CreditListQuery', () => {
  it('should drop empty filters and page 20 by default', () => {
    expect(
      CreditListQuery.parse({
        state: '',
        airline: '',
        passenger: '',
        expiresFrom: '',
        expiresTo: '',
      }),
    ).toEqual({ offset: 0, limit: 20 });
  });

  it('should refuse an expiry range that ends before it starts', () => {
    const result = CreditListQuery.safeParse({
      expiresFrom: '2026-05-02',
      expiresTo: '2026-05-01',
    });
    expect(messagesOf(result).expiresTo).toBe('The end date cannot be before the start date');
  });
});

describe('CreditStateBody', () => {
  it('should let an agent mark used or open but not expired', () => {
    expect(CreditStateBody.parse({ state: 'used' })).toEqual({ state: 'used' });
    expect(CreditStateBody.safeParse({ state: 'expired' }).success).toBe(false);
  });
});

describe('creditAmountText', () => {
  it('should show cents with two decimals and the currency', () => {
    expect(creditAmountText(12000, 'USD')).toBe('120.00 USD');
    expect(creditAmountText(123450, 'EUR')).toBe('1,234.50 EUR');
  });
});
