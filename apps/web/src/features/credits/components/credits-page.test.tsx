import { CREDIT_CALLS, creditMessages, validationMessages } from '@smt/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { stubViewportWidth } from '@/testing/viewport';
import { creditTexts } from '@/features/credits/utils/credit-texts';
import { CreditsPage } from './credits-page';
import { credit, stubCreditsServer } from './credits-test-server';

const LIST = `/api/${CREDIT_CALLS.list}`;
const page = (items: ReturnType<typeof credit>[], total = items.length) => ({
  body: { items, total },
});
const lists = (sent: ReturnType<typeof stubCreditsServer>) =>
  sent.filter((call) => call.method === 'GET' && call.path === LIST);

// userEvent walks through forms and date fields.
describe('CreditsPage', { timeout: 30_000 }, () => {
  it('should list each credit with its amount, expiry and state when the server answers', async () => {
    stubViewportWidth(1280);
    stubCreditsServer(() =>
      page([
        credit(1),
        credit(2, {
          passengerName: 'LEVI/OMER',
          airline: 'BA',
          amountCents: 123_400,
          currency: 'GBP',
          expiresOn: null,
          state: 'used',
          source: 'agent',
        }),
      ]),
    );
    renderWithApp(<CreditsPage />);

    const table = await screen.findByRole('table', { name: creditTexts.listLabel });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toContain('COHEN/DANA');
    expect(first?.textContent).toContain('120.50 USD');
    expect(first?.textContent).toContain('30/09/2026');
    expect(first?.textContent).toContain('Open');
    expect(first?.textContent).toContain('ABC123');
    expect(second?.textContent).toContain('1,234.00 GBP');
    expect(second?.textContent).toContain(creditTexts.noExpiry);
    expect(second?.textContent).toContain('Entered by agent');
    expect(
      within(second!).getByRole('button', { name: /Mark the credit of LEVI\/OMER open/ }),
    ).toBeTruthy();
  });

  it('should say there are no credits when the ledger is empty', async () => {
    stubCreditsServer(() => page([]));
    renderWithApp(<CreditsPage />);

    expect(await screen.findByText(creditTexts.noCredits)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
  });

  it("should say it can't load credits and load them again on Try again when the list fails", async () => {
    let fail = true;
    stubCreditsServer(() =>
      fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : page([credit(1)]),
    );
    renderWithApp(<CreditsPage />);

    expect(await screen.findByText(creditTexts.cantLoad, {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('COHEN/DANA')).toBeTruthy();
  });

  it('should send the filters in capitals from the first page when Apply is pressed', async () => {
    const user = userEvent.setup();
    stubViewportWidth(1280);
    const sent = stubCreditsServer((query) =>
      query.get('airline') === 'LY' ? page([]) : page([credit(1)], 45),
    );
    renderWithApp(<CreditsPage />);
    await screen.findByText('COHEN/DANA');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lists(sent).at(-1)?.query.get('offset')).toBe('20'));

    await user.selectOptions(screen.getByRole('combobox', { name: creditTexts.state }), 'Open');
    await user.type(screen.getByRole('textbox', { name: creditTexts.airline }), 'ly');
    await user.type(screen.getByRole('textbox', { name: creditTexts.passengerSearch }), 'cohen');
    await user.click(screen.getByRole('button', { name: creditTexts.apply }));

    expect(await screen.findByText(creditTexts.noMatch)).toBeTruthy();
    const query = lists(sent).at(-1)!.query;
    expect(Object.fromEntries(query.entries())).toEqual({
      state: 'open',
      airline: 'LY',
      passenger: 'COHEN',
      offset: '0',
      limit: '20',
    });
  });

  it('should show the rule at the field and not search when the airline is one letter', async () => {
    const user = userEvent.setup();
    const sent = stubCreditsServer(() => page([credit(1)]));
    renderWithApp(<CreditsPage />);
    await screen.findByText('COHEN/DANA');
    const before = lists(sent).length;

    await user.type(screen.getByRole('textbox', { name: creditTexts.airline }), 'L');
    await user.click(screen.getByRole('button', { name: creditTexts.apply }));

    expect(await screen.findByText(validationMessages.twoAlphanumeric)).toBeTruthy();
    expect(lists(sent)).toHaveLength(before);
  });

  it('should enter a credit in cents of the amount typed and read the list again', async () => {
    const user = userEvent.setup();
    const sent = stubCreditsServer(() => page([credit(1)]));
    renderWithApp(<CreditsPage />);
    await screen.findByText('COHEN/DANA');
    const before = lists(sent).length;

    await user.click(screen.getByRole('button', { name: creditTexts.enterCredit }));
    const dialog = await screen.findByRole('dialog', { name: creditTexts.enterCredit });
    const field = (name: string) =>
      within(dialog).getByRole('textbox', {
        name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`),
      });
    await user.type(field(creditTexts.pnr), 'abc123');
    await user.type(field(creditTexts.airline), 'ly');
    await user.type(field(creditTexts.passengerName), 'Cohen/Dana');
    await user.type(field(creditTexts.amount), '120.555');
    await user.type(field(creditTexts.currency), 'usd');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(creditMessages.amount)).toBeTruthy();
    expect(within(dialog).getByText(creditMessages.expiresOnRequired)).toBeTruthy();

    await user.clear(field(creditTexts.amount));
    await user.type(field(creditTexts.amount), '120.5');
    const expires = within(dialog).getByRole('group', { name: new RegExp(creditTexts.expiresOn) });
    await user.click(within(expires).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('31122026');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(creditTexts.entered)).toBeTruthy();
    const posted = sent.find((call) => call.method === 'POST');
    expect(posted?.form).toEqual({
      pnrNumber: 'ABC123',
      passengerName: 'COHEN/DANA',
      airline: 'LY',
      amount: '120.50',
      currency: 'USD',
      expiresOn: '2026-12-31',
    });
    await waitFor(() => expect(lists(sent).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should mark an open credit used and say so', async () => {
    const user = userEvent.setup();
    stubViewportWidth(1280);
    const sent = stubCreditsServer(() => page([credit(7)]));
    renderWithApp(<CreditsPage />);

    await user.click(
      await screen.findByRole('button', { name: 'Mark the credit of COHEN/DANA used' }),
    );

    expect(await screen.findByText(creditTexts.markedUsed)).toBeTruthy();
    const posted = sent.find((call) => call.method === 'POST');
    expect(posted?.path).toBe('/api/xapi/credits/7/state');
    expect(posted?.form).toEqual({ state: 'used' });
  });

  it('should say why when marking is refused', async () => {
    const user = userEvent.setup();
    stubViewportWidth(1280);
    stubCreditsServer(() => page([credit(7)]), {
      setState: { status: 409, body: { code: 'CONFLICT', message: 'This credit has expired' } },
    });
    renderWithApp(<CreditsPage />);

    await user.click(
      await screen.findByRole('button', { name: 'Mark the credit of COHEN/DANA used' }),
    );

    expect(await screen.findByText('This credit has expired')).toBeTruthy();
  });

  it('should show a card per credit without marking an expired one on a phone', async () => {
    stubViewportWidth(375);
    stubCreditsServer(() => page([credit(3, { state: 'expired' })]));
    renderWithApp(<CreditsPage />);

    const card = await screen.findByRole('article', { name: 'COHEN/DANA' });
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
