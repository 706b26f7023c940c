import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PerMoney } from './per-money';

const draw = (entries: { currency: string; kind: 'cash' | 'credit' }[]) =>
  render(
    <PerMoney entries={entries}>
      {(entry, name) => <p>{name(`Saving ${entry.currency}`)}</p>}
    </PerMoney>,
  );

describe('PerMoney', () => {
  it('should caption a figure of one currency of cash with its currency, never a bare number', () => {
    draw([{ currency: 'EUR', kind: 'cash' }]);

    expect(screen.getByText('In EUR cash').tagName).toBe('FIGCAPTION');
    expect(screen.getByText('Saving EUR')).toBeTruthy();
  });

  it('should caption and name each chart of a figure in several currencies and kinds', () => {
    draw([
      { currency: 'EUR', kind: 'cash' },
      { currency: 'USD', kind: 'credit' },
    ]);

    expect(screen.getAllByRole('figure').map((figure) => figure.textContent)).toEqual([
      'In EUR cashSaving EUR (EUR cash)',
      'In USD airline creditSaving USD (USD airline credit)',
    ]);
  });
});
