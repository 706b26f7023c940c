import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PnrListItem } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { pnrRow, queriesSentTo, stubPnrServer, TICKETING_PATH } from './pnr-test-server';
import { TicketingButton } from './ticketing-button';

const OTA = pnrRow(1, { type: 'OTA', pnrNumber: 'ABC123', gdsId: 'SABRE' });

function renderButton(row: PnrListItem = OTA) {
  renderWithApp(<TicketingButton row={row} />);
  return screen.getByRole('button', { name: 'Send to ticketing' });
}

function snackOf(text: string): HTMLElement {
  const snack = screen.getByText(text).closest<HTMLElement>('.notistack-MuiContent');
  if (!snack) throw new Error(`no snack around '${text}'`);
  return snack;
}

describe('TicketingButton', () => {
  it.each([
    ['SUCCESS', 'PNR has been ticketed', 'success'],
    ['PARTIAL_SUCCESS', 'Failed to issue tickets for some extras (seats/ancillaries)', 'success'],
    ['LOCKED', 'Ticketing is in progress', 'error'],
    ['FAILURE', 'Ticketing has been failed', 'error'],
    ['EXPIRED', 'Ticketing has been skipped', 'error'],
  ])('should show %s as a %s snack', async (state, message, severity) => {
    stubPnrServer({ ticketing: { body: { data: { state, errorText: null } } } });
    const button = renderButton();

    await userEvent.click(button);

    await screen.findByText(message);
    expect(snackOf(message).classList.contains(`notistack-MuiContent-${severity}`)).toBe(true);
    expect(queriesSentTo(TICKETING_PATH)).toEqual(['?pnrNumber=ABC123&gdsId=SABRE']);
  });

  it("should say 'Ticketing is in progress...' and be disabled while the call runs", async () => {
    let answer: (body: unknown) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = (body) =>
              resolve(
                new Response(JSON.stringify(body), {
                  headers: { 'content-type': 'application/json' },
                }),
              );
          }),
      ),
    );
    const button = renderButton();

    await userEvent.click(button);

    expect(button.textContent).toBe('Ticketing is in progress...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer({ data: { state: 'SUCCESS', errorText: null } });
    expect(await screen.findByText('PNR has been ticketed')).toBeTruthy();
    expect(button.textContent).toBe('Send to ticketing');
  });

  it("should show the server's message as an error when it refuses the booking", async () => {
    stubPnrServer({
      ticketing: {
        status: 409,
        body: { code: 'CONFLICT', message: 'This PNR is already ticketed' },
      },
    });
    const button = renderButton();

    await userEvent.click(button);

    await screen.findByText('This PNR is already ticketed');
    expect(snackOf('This PNR is already ticketed').classList).toContain(
      'notistack-MuiContent-error',
    );
  });

  it("should say 'Operation failed' when the request fails without a message of its own", async () => {
    stubPnrServer({
      ticketing: { status: 500, body: { code: 'INTERNAL', message: 'Something has happened' } },
    });
    const button = renderButton();

    await userEvent.click(button);

    await screen.findByText('Operation failed');
    expect(snackOf('Operation failed').classList).toContain('notistack-MuiContent-error');
  });

  it.each([
    ['already ticketing', { isTicketing: true }],
    ['ticketing is unsupported', { ticketingSupported: false }],
    ['it is ticketed', { isTicketed: true }],
    ['it is cancelled', { isCancelled: true }],
  ])('should be disabled when the booking is %s', (_case, overrides) => {
    const button = renderButton({ ...OTA, ...overrides });

    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
