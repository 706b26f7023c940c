import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages, type CancelPnrQuoteResponse } from '@smt/shared';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';
import { CancelPnrDialog } from './cancel-pnr-dialog';

type Answer = { status?: number; body?: unknown };

const QUOTE_CALL = 'POST /api/pnr/cancel/quote';
const PAID: CancelPnrQuoteResponse = {
  refund: { amount: 180, currency: 'GBP' },
  refundTo: 'balance',
  expiresAt: '2026-03-01T08:15:00Z',
};

/** The dialog behind a button that opens it, as the details actions hold it. */
function Harness(props: { onConfirm: () => void; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <CancelPnrDialog
        open={open}
        notificationId={7}
        pnr="ABC123"
        onConfirm={props.onConfirm}
        onClose={() => {
          props.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

async function openWith(answer: Answer | (() => Answer)) {
  const calls = stubApi({ [QUOTE_CALL]: answer });
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithApp(<Harness onConfirm={onConfirm} onClose={onClose} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel PNR ABC123?' });
  const quoted = () => calls.filter((call) => call.path === '/api/pnr/cancel/quote');
  return { dialog, onConfirm, onClose, quoted };
}

const confirmButton = (dialog: HTMLElement) =>
  within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel PNR' });

describe('CancelPnrDialog', () => {
  it('should show the refund, where it goes and until when, and confirm with that refund', async () => {
    const { dialog, onConfirm, quoted } = await openWith({ body: PAID });

    expect(await within(dialog).findByText('Refund: £180.00 to the agency balance')).toBeTruthy();
    expect(
      within(dialog).getByText(
        `The airline holds this quote until ${formatDateTime(PAID.expiresAt!)}.`,
      ),
    ).toBeTruthy();
    expect(quoted().map((call) => call.body)).toEqual([{ notificationId: 7 }]);

    await userEvent.click(confirmButton(dialog));

    expect(onConfirm).toHaveBeenCalledExactlyOnceWith({ amount: 180, currency: 'GBP' });
  });

  it('should say nothing was paid when the refund goes nowhere', async () => {
    const { dialog } = await openWith({
      body: { refund: { amount: 0, currency: 'EUR' }, refundTo: null, expiresAt: null },
    });

    expect(await within(dialog).findByText('Refund: €0.00 (nothing has been paid)')).toBeTruthy();
    expect(within(dialog).queryByText(/holds this quote/)).toBeNull();
  });

  it('should say the refund is unknown, and confirm with that, when the airline gave no quote', async () => {
    const { dialog, onConfirm } = await openWith({
      body: { refund: null, refundTo: 'voucher', expiresAt: null },
    });

    expect(
      await within(dialog).findByText(
        'Refund: not known until the airline confirms the cancellation',
      ),
    ).toBeTruthy();
    await userEvent.click(confirmButton(dialog));

    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('should show it is loading, with Cancel PNR held back, until the quote comes', async () => {
    let answer: (value: Answer) => void = () => {};
    const pending = new Promise<Answer>((resolve) => (answer = resolve));
    const { dialog } = await openWith({ body: PAID });
    // Hold the next answer back: close and open again to ask afresh.
    const fetchMock = vi.mocked(fetch);
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      await pending;
      return stubbed(input, init);
    });
    await within(dialog).findByText('Refund: £180.00 to the agency balance');
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel PNR ABC123?' });

    expect(within(again).getByRole('progressbar', { name: 'Loading the refund' })).toBeTruthy();
    expect(within(again).queryByText(/Refund:/)).toBeNull();
    expect(confirmButton(again).disabled).toBe(true);

    answer({});
    expect(await within(again).findByText('Refund: £180.00 to the agency balance')).toBeTruthy();
    expect(confirmButton(again).disabled).toBe(false);
  });

  it("should say the server's reason, with Cancel PNR disabled, when the quote is refused", async () => {
    const { dialog } = await openWith({
      status: 409,
      body: { code: 'CONFLICT', message: 'This PNR is ticketed and cannot be cancelled here' },
    });

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Operation failed. This PNR is ticketed and cannot be cancelled here',
    );
    expect(confirmButton(dialog).disabled).toBe(true);
  });

  it("should say 'Please try again later' when the quote call breaks", async () => {
    const { dialog } = await openWith({
      status: 500,
      body: { code: 'INTERNAL', message: 'Internal error' },
    });

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      errorMessages.cancelPnrFailed(),
    );
  });

  it('should put the focus on Keep booking, so that Enter keeps it, and close on Escape', async () => {
    const { dialog, onConfirm, onClose } = await openWith({ body: PAID });
    await within(dialog).findByText('Refund: £180.00 to the agency balance');

    const keep = within(dialog).getByRole('button', { name: 'Keep booking' });
    expect(document.activeElement).toBe(keep);
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Cancel PNR ABC123?' });
    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('should ask for the refund afresh each time it opens', async () => {
    let amount = 180;
    const { dialog, quoted } = await openWith(() => ({
      body: { ...PAID, refund: { amount, currency: 'GBP' } },
    }));
    await within(dialog).findByText('Refund: £180.00 to the agency balance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    amount = 80;
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel PNR ABC123?' });

    expect(await within(again).findByText('Refund: £80.00 to the agency balance')).toBeTruthy();
    expect(quoted()).toHaveLength(2);
  });
});
