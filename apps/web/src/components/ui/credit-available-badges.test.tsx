import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CreditAvailableBadges } from './credit-available-badges';

const credit = {
  airline: 'LY',
  amount_cents: 12_000,
  currency: 'USD',
  passenger_name: 'COHEN/DANA',
  expires_on: '2026-09-30',
};

describe('CreditAvailableBadges', () => {
  it('should say the amount and the airline of each credit when a card has some', () => {
    render(
      <CreditAvailableBadges credits={[credit, { ...credit, airline: 'BA', currency: 'GBP' }]} />,
    );

    expect(screen.getByText('Credit available: 120.00 USD with LY')).toBeTruthy();
    expect(screen.getByText('Credit available: 120.00 GBP with BA')).toBeTruthy();
  });

  it('should name the passenger and the last day when PNR details show it', () => {
    render(<CreditAvailableBadges credits={[credit]} detailed />);

    expect(
      screen.getByText('Credit available: 120.00 USD with LY (COHEN/DANA, expires 30/09/2026)'),
    ).toBeTruthy();
  });

  it('should show nothing when the answer carries no credit', () => {
    const { container } = render(<CreditAvailableBadges credits={undefined} />);
    render(<CreditAvailableBadges credits={[]} />, { container });

    expect(container.textContent).toBe('');
  });
});
