import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, uiTexts } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { aPriceQuote, formsSentTo } from './details-test-data';
import { PriceQuoteBlock } from './price-quote-block';

const RULES = 'POST /api/getFarebasisPenalties';

describe('PriceQuoteBlock', () => {
  it('should show both prices, the currency and the saving with 2 decimals', () => {
    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);

    expect(screen.getByText('1,250.50')).toBeTruthy();
    expect(screen.getByText('1,100.25')).toBeTruthy();
    expect(screen.getByText('150.25')).toBeTruthy();
    expect(screen.getByText('USD')).toBeTruthy();
    // Current: change 100, no refund; new: change 150, refund 200.
    expect(screen.getByText('100.00 USD')).toBeTruthy();
    expect(screen.getByText('Not allowed')).toBeTruthy();
    expect(screen.getByText('200.00 USD')).toBeTruthy();
    expect(screen.getByText('1PC')).toBeTruthy();
  });

  it('should show the change fees, the bags to buy back and the net saving when repricing costs', () => {
    renderWithApp(
      <PriceQuoteBlock
        notificationId={7}
        quote={aPriceQuote({
          saving: {
            gross: 150.25,
            tickets: 2,
            change_fee: 50,
            bags_lost: 1,
            bags_cost: 40,
            bag_price_unknown: false,
            net: 10.25,
          },
        })}
      />,
    );

    const valueOf = (label: string) =>
      screen.getByText(label).closest('div')?.parentElement?.textContent ?? '';
    expect(screen.getByText('150.25')).toBeTruthy();
    expect(screen.getByText('Change fees (2 tickets)')).toBeTruthy();
    expect(screen.getByText('−100.00')).toBeTruthy();
    expect(screen.getByText('Bags to buy back (1 per passenger)')).toBeTruthy();
    expect(screen.getByText('−40.00')).toBeTruthy();
    expect(valueOf('Net saving')).toContain('10.25');
  });

  it('should show the refund fees and say the net is cash or airline credit (decision 067)', () => {
    const saving = {
      gross: 400,
      tickets: 2,
      change_fee: 100,
      refund_fee: 50,
      kind: 'cash' as const,
      bags_lost: 0,
      bags_cost: 0,
      bag_price_unknown: false,
      net: 100,
    };
    const valueOf = (label: string) =>
      screen.getByText(label).closest('div')?.parentElement?.textContent ?? '';
    const { unmount } = renderWithApp(
      <PriceQuoteBlock notificationId={7} quote={aPriceQuote({ saving })} />,
    );
    expect(screen.getByText('Refund fees (2 tickets)')).toBeTruthy();
    expect(screen.getByText('−100.00')).toBeTruthy();
    expect(valueOf('Net saving')).toContain('100.00 cash');
    unmount();

    renderWithApp(
      <PriceQuoteBlock
        notificationId={7}
        quote={aPriceQuote({ saving: { ...saving, refund_fee: 0, kind: 'credit', net: 200 } })}
      />,
    );
    expect(screen.queryByText('Refund fees (2 tickets)')).toBeNull();
    expect(valueOf('Net saving')).toContain('200.00 as airline credit');
  });

  it('should show no deductions when repricing costs nothing, or for a quote kept before', () => {
    const free = {
      gross: 150.25,
      tickets: 0,
      change_fee: 0,
      bags_lost: 0,
      bags_cost: 0,
      bag_price_unknown: false,
      net: 150.25,
    };
    const { unmount } = renderWithApp(
      <PriceQuoteBlock notificationId={7} quote={aPriceQuote({ saving: free })} />,
    );
    expect(screen.queryByText('Net saving')).toBeNull();
    unmount();

    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);
    expect(screen.queryByText('Net saving')).toBeNull();
  });

  it('should warn on the new conditions when the new fare has no free baggage', async () => {
    renderWithApp(
      <PriceQuoteBlock
        notificationId={7}
        quote={aPriceQuote({
          newBaggageInfos: [{ normalizedNonFreeBaggage: true, cost: 45, segments: ['s1'] }],
        })}
      />,
    );

    const warning = screen.getByRole('img', { name: uiTexts.noFreeBaggage });
    await userEvent.hover(warning);

    expect((await screen.findByRole('tooltip')).textContent).toBe(uiTexts.noFreeBaggage);
    expect(screen.getByText('TLV-LHR: Baggage fee 45.00 USD')).toBeTruthy();
  });

  it('should not warn when the new fare keeps free baggage', () => {
    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);

    expect(screen.queryByRole('img', { name: uiTexts.noFreeBaggage })).toBeNull();
  });

  it('should show the farebasis and its penalty text when the rules load', async () => {
    stubApi({
      [RULES]: {
        body: { farebasis_penalty: { farebasis: 'YLOW1', penalty: 'CHANGES USD 150\nNO REFUND' } },
      },
    });
    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);

    await userEvent.click(screen.getByRole('button', { name: 'YLOW1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Fare rules of YLOW1' });
    expect((await screen.findByText(/CHANGES USD 150/)).textContent).toBe(
      'CHANGES USD 150\nNO REFUND',
    );
    expect(dialog).toBeTruthy();
    expect(formsSentTo('/api/getFarebasisPenalties')).toEqual([
      {
        notification_id: '7',
        seq_num: '1',
        segment_id: 's1',
        farebasis: 'YLOW1',
        flight_class: 'Y',
      },
    ]);
  });

  it("should say 'No Data Available' when the GDS has no rules for the farebasis", async () => {
    stubApi({ [RULES]: { body: { farebasis_penalty: null } } });
    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);

    await userEvent.click(screen.getByRole('button', { name: 'YLOW1' }));

    expect(await screen.findByText(errorMessages.rulesNoDataTitle)).toBeTruthy();
    expect(screen.getByText(errorMessages.rulesNoDataText)).toBeTruthy();
  });

  it("should say 'Error / Something has happened' when the rules call fails", async () => {
    stubApi({ [RULES]: { status: 500, body: { code: 'INTERNAL', message: 'x' } } });
    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);

    await userEvent.click(screen.getByRole('button', { name: 'YLOW1' }));

    expect(await screen.findByText(errorMessages.rulesErrorTitle)).toBeTruthy();
    expect(screen.getByText(errorMessages.rulesErrorText)).toBeTruthy();
  });
});

describe('what a price quote covers', () => {
  it('should list its passengers per age category and each segment with its flight', () => {
    renderWithApp(
      <PriceQuoteBlock
        notificationId={7}
        quote={aPriceQuote({
          pax: [{ type: 'ADT' }, { type: 'CHD' }, { type: 'ADT' }],
          segments: [
            { id: 's1', origin: 'TLV', dest: 'MAD', airline: 'LY', flight_number: '541' },
            { id: 's2', origin: 'MAD', dest: 'TLV', airline: 'LY', flight_number: '542' },
          ],
        })}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Covers' })).toBeTruthy();
    expect(screen.getByText('2 Adult, 1 Child')).toBeTruthy();
    const segments = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(segments).toEqual(['TLV-MAD LY541', 'MAD-TLV LY542']);
  });

  it('should name the airline alone when a quote was kept without flight numbers', () => {
    renderWithApp(<PriceQuoteBlock notificationId={7} quote={aPriceQuote()} />);

    expect(screen.getByText('1 Adult')).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('TLV-LHR LY');
  });
});
