import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOTIFICATION_CALLS,
  PROCESS_LABELS,
  PROCESS_SETTINGS_CALLS,
  type BranchProcessSettings,
  type ProcessSettingsValues,
} from '@smt/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { AddProcessSettingsPage } from './add-process-settings-page';
import { ProcessSettingsPage } from './process-settings-page';

const DEFAULTS: ProcessSettingsValues = {
  rpEnabled: true,
  rpIntervalMinutes: 480,
  tdEnabled: true,
  tdIntervalMinutes: 60,
  scEnabled: true,
  scIntervalMinutes: 30,
  cEnabled: true,
  cIntervalMinutes: 30,
  hlEnabled: true,
  hlIntervalMinutes: 30,
  admEnabled: true,
  admIntervalMinutes: 30,
  minSavingAmount: 10,
  minSavingPercent: 1,
  ticketingWindowHours: 72,
  offerStricterFares: true,
  lastCallHours: 6,
  minorShiftMinutes: 120,
  minorShiftMinutesDomestic: 60,
  earlierShiftMinutes: 60,
  requestChaseHours: 24,
  minConnectionMinutes: 60,
  connectionOverrides: [],
  autoAcceptMinor: false,
  escalateAfterHours: 24,
  removeByHours: 24,
  minCancellations: 3,
  reissueFee: 0,
  reissueFeeCurrency: 'USD',
  voidWindowHours: 24,
  creditReprices: 'threshold',
  creditWarningDays: 30,
};

const branchRow = (own: boolean): BranchProcessSettings => ({
  branchId: 4,
  branchName: 'Jerusalem',
  pcc: 'JRS1',
  agencyId: 1,
  agencyName: 'Demo Travel',
  own,
  settings: own ? { ...DEFAULTS, tdEnabled: false, rpIntervalMinutes: 240 } : DEFAULTS,
});

type Answer = { status?: number; body?: unknown };
type Sent = { method: string; path: string; form: Record<string, string> };

/** Answers the process settings calls and the branch choices; anything else is a 404. */
function stubServer(answers: Record<string, Answer>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
      const method = init?.method ?? 'GET';
      const form = Object.fromEntries(
        new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : '').entries(),
      );
      sent.push({ method, path: url.pathname, form });
      const answer = answers[`${method} ${url.pathname}`] ?? {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Not found' },
      };
      return new Response(JSON.stringify(answer.body ?? { ok: true }), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { posts: (call: string) => sent.filter((request) => request.path === `/api/${call}`) };
}

const LIST = `GET /api/${PROCESS_SETTINGS_CALLS.list}`;
const BRANCHES = `GET /api/${NOTIFICATION_CALLS.listBranches}`;
const CREATE = `POST /api/${PROCESS_SETTINGS_CALLS.create}`;
const UPDATE = `POST /api/${PROCESS_SETTINGS_CALLS.update}`;
const page = (items: BranchProcessSettings[]) => ({
  body: { items, total: items.length, defaults: DEFAULTS },
});

afterEach(() => vi.unstubAllGlobals());

// Twenty-odd MUI fields render slowly in jsdom on a busy machine.
describe('ProcessSettingsForm', { timeout: 90_000 }, () => {
  it('should start from the default and post the chosen branch with what was changed', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      [LIST]: page([]),
      [BRANCHES]: { body: [{ id: 4, pcc: 'JRS1', name: 'Jerusalem' }] },
      [CREATE]: {},
    });
    const onAdded = vi.fn();
    renderWithApp(<AddProcessSettingsPage onAdded={onAdded} />);

    const reprice = await screen.findByRole('textbox', { name: 'Reprice: Check every (minutes)' });
    expect((reprice as HTMLInputElement).value).toBe('480');
    // Nothing chosen or changed yet: nothing to submit.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);
    await screen.findByRole('option', { name: 'JRS1 – Jerusalem' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'JRS1 – Jerusalem');
    await user.click(screen.getByRole('switch', { name: 'Ticketing due: Active' }));
    await user.clear(reprice);
    await user.type(reprice, '240');
    const voidWindow = screen.getByRole('textbox', { name: 'Void window (hours after issue)' });
    await user.clear(voidWindow);
    await user.type(voidWindow, '12');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Reprices that save airline credit only' }),
      'Not raised',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Process settings saved', {}, { timeout: 10_000 })).toBeTruthy();
    expect(onAdded).toHaveBeenCalledOnce();
    expect(server.posts(PROCESS_SETTINGS_CALLS.create).map((request) => request.form)).toEqual([
      {
        branchId: '4',
        rpEnabled: 'true',
        rpIntervalMinutes: '240',
        tdEnabled: 'false',
        tdIntervalMinutes: '60',
        scEnabled: 'true',
        scIntervalMinutes: '30',
        cEnabled: 'true',
        cIntervalMinutes: '30',
        hlEnabled: 'true',
        hlIntervalMinutes: '30',
        admEnabled: 'true',
        admIntervalMinutes: '30',
        minSavingAmount: '10',
        minSavingPercent: '1',
        ticketingWindowHours: '72',
        offerStricterFares: 'true',
        lastCallHours: '6',
        minorShiftMinutes: '120',
        minorShiftMinutesDomestic: '60',
        earlierShiftMinutes: '60',
        minConnectionMinutes: '60',
        connectionOverrides: '',
        requestChaseHours: '24',
        autoAcceptMinor: 'false',
        escalateAfterHours: '24',
        removeByHours: '24',
        minCancellations: '3',
        reissueFee: '0',
        reissueFeeCurrency: 'USD',
        voidWindowHours: '12',
        creditReprices: 'never',
        creditWarningDays: '30',
      },
    ]);
  });

  it("should show the schema's messages at the fields and send nothing", async () => {
    const user = userEvent.setup();
    const server = stubServer({ [LIST]: page([]), [BRANCHES]: { body: [] } });
    renderWithApp(<AddProcessSettingsPage onAdded={vi.fn()} />);

    const window = await screen.findByRole('textbox', { name: 'Ticketing due within (hours)' });
    await user.clear(window);
    await user.type(window, '1000');
    await user.clear(screen.getByRole('textbox', { name: 'Minimum saving amount' }));
    await user.clear(screen.getByRole('textbox', { name: 'Minimum saving (%)' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Should be a whole number of hours from 1 to 720')).toBeTruthy();
    expect(
      screen.getByText('While reprice is active, give a minimum saving amount, a percent, or both'),
    ).toBeTruthy();
    expect(screen.getByText('Should be a positive whole number')).toBeTruthy();
    expect(server.posts(PROCESS_SETTINGS_CALLS.create)).toHaveLength(0);
  });

  it("should show the server's message when it refuses, else 'Submit failed! Try again later'", async () => {
    const user = userEvent.setup();
    const answers: Record<string, Answer> = {
      [LIST]: page([branchRow(true)]),
      [UPDATE]: {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You may not manage that branch.' },
      },
    };
    stubServer(answers);
    renderWithApp(<ProcessSettingsPage mayEditDefault={false} />);

    await user.click(
      await screen.findByRole('button', { name: 'Edit process settings: JRS1 – Jerusalem' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit process settings: JRS1 – Jerusalem' });
    expect(
      within(dialog).getByRole<HTMLInputElement>('switch', { name: 'Ticketing due: Active' })
        .checked,
    ).toBe(false);
    await user.click(within(dialog).getByRole('switch', { name: `${PROCESS_LABELS.HL}: Active` }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('You may not manage that branch.')).toBeTruthy();

    answers[UPDATE] = { status: 500, body: { code: 'INTERNAL', message: 'Boom' } };
    await user.click(within(dialog).getByRole('switch', { name: `${PROCESS_LABELS.HL}: Active` }));
    await user.click(within(dialog).getByRole('switch', { name: `${PROCESS_LABELS.HL}: Active` }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Submit failed! Try again later')).toBeTruthy();
  });

  it('should offer back to default only for a branch with its own settings, and the default edit to super users only', async () => {
    stubServer({ [LIST]: page([branchRow(false)]) });
    const { unmount } = renderWithApp(<ProcessSettingsPage mayEditDefault={false} />);
    expect(
      await screen.findByRole('button', { name: 'Edit process settings: JRS1 – Jerusalem' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Back to default/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit default settings' })).toBeNull();
    unmount();

    stubServer({ [LIST]: page([branchRow(true)]) });
    renderWithApp(<ProcessSettingsPage mayEditDefault />);
    expect(
      await screen.findByRole('button', { name: 'Back to default: JRS1 – Jerusalem' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit default settings' })).toBeTruthy();
  });

  it("should edit each process's own parameters under it and post them with the rest", async () => {
    const user = userEvent.setup();
    const server = stubServer({ [LIST]: page([branchRow(true)]), [UPDATE]: {} });
    renderWithApp(<ProcessSettingsPage mayEditDefault={false} />);

    await user.click(
      await screen.findByRole('button', { name: 'Edit process settings: JRS1 – Jerusalem' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit process settings: JRS1 – Jerusalem' });
    const schedule = within(dialog).getByRole('group', { name: PROCESS_LABELS.SC });
    const minor = within(schedule).getByRole<HTMLInputElement>('textbox', {
      name: 'Minor change under (minutes)',
    });
    expect(minor.value).toBe('120');
    const accept = within(schedule).getByRole<HTMLInputElement>('switch', {
      name: 'Accept minor changes automatically',
    });
    expect(accept.checked).toBe(false);
    // Each field's hint is read out with it.
    const hintOf = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(hintOf(minor)).toBe('A smaller shift of departure or arrival is a minor change');
    expect(hintOf(accept)).toBe(
      'Minor changes are accepted in the GDS without waiting for an agent',
    );
    expect(
      within(dialog)
        .getByRole('group', { name: PROCESS_LABELS.RP })
        .querySelector('input[name="offerStricterFares"]'),
    ).toBeTruthy();
    await user.clear(minor);
    await user.type(minor, '45');
    await user.click(accept);
    await user.click(
      within(dialog).getByRole('switch', { name: 'Offer fares with stricter conditions' }),
    );
    const churning = within(dialog).getByRole('textbox', {
      name: 'Churning alert from (cancellations)',
    });
    await user.clear(churning);
    await user.type(churning, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Process settings saved')).toBeTruthy();
    expect(server.posts(PROCESS_SETTINGS_CALLS.update)[0]?.form).toMatchObject({
      branchId: '4',
      minorShiftMinutes: '45',
      autoAcceptMinor: 'true',
      offerStricterFares: 'false',
      minCancellations: '5',
      minConnectionMinutes: '60',
      removeByHours: '24',
      lastCallHours: '6',
    });
  });

  it('should edit the minimum connecting times by airport as one text, checked here and by the server', async () => {
    const user = userEvent.setup();
    const own = branchRow(true);
    own.settings = {
      ...own.settings,
      connectionOverrides: [{ airport: 'LHR', domestic: 75, international: 100 }],
    };
    const answers: Record<string, Answer> = {
      [LIST]: page([own]),
      [UPDATE]: {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'The request has invalid fields: connectionOverrides.',
          fieldErrors: { connectionOverrides: 'Should name each airport once' },
        },
      },
    };
    const server = stubServer(answers);
    renderWithApp(<ProcessSettingsPage mayEditDefault={false} />);

    await user.click(
      await screen.findByRole('button', { name: 'Edit process settings: JRS1 – Jerusalem' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit process settings: JRS1 – Jerusalem' });
    const schedule = within(dialog).getByRole('group', { name: PROCESS_LABELS.SC });
    const field = within(schedule).getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Minimum connecting times by airport',
    });
    expect(field.value).toBe('LHR 75 100');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "Airport, domestic and international minutes: LHR 75 100, JFK 60. At those airports they replace the published minimum and the branch's",
    );

    // The schema's message at the field, and nothing sent.
    await user.type(field, ', JFK 9');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      within(dialog).getByText('Minutes by airport should be whole numbers from 10 to 600'),
    ).toBeTruthy();
    expect(server.posts(PROCESS_SETTINGS_CALLS.update)).toHaveLength(0);

    // Sent as the text the server reads, codes upper-cased; the server's refusal at the field.
    await user.clear(field);
    await user.type(field, 'lhr 75 100, jfk 60');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Should name each airport once')).toBeTruthy();
    expect(server.posts(PROCESS_SETTINGS_CALLS.update)[0]?.form).toMatchObject({
      connectionOverrides: 'LHR 75 100, JFK 60',
      minConnectionMinutes: '60',
    });

    answers[UPDATE] = {};
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Process settings saved')).toBeTruthy();
    expect(server.posts(PROCESS_SETTINGS_CALLS.update)[1]?.form).toMatchObject({
      connectionOverrides: '',
    });
  });

  it("should show the parameters' bounds at their fields and send nothing", async () => {
    const user = userEvent.setup();
    const server = stubServer({ [LIST]: page([branchRow(true)]), [UPDATE]: {} });
    renderWithApp(<ProcessSettingsPage mayEditDefault={false} />);

    await user.click(
      await screen.findByRole('button', { name: 'Edit process settings: JRS1 – Jerusalem' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit process settings: JRS1 – Jerusalem' });
    const fill = async (name: string, text: string) => {
      const field = within(dialog).getByRole('textbox', { name });
      await user.clear(field);
      if (text !== '') await user.type(field, text);
    };
    await fill('Minor change under (minutes)', '0');
    await fill('Minimum connecting time (minutes)', '601');
    await fill('Remove inactive segments by (hours)', '');
    await fill('Churning alert from (cancellations)', '1');
    await fill('Last ticketing call (hours before deadline)', '73');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    for (const message of [
      'Should be a whole number of minutes from 1 to 1440',
      'Should be a whole number of minutes from 10 to 600',
      'Should be a whole number of hours from 0 to 168',
      'Should be a whole number from 2 to 20',
      'Should be a whole number of hours from 1 to 72',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    // The message takes the hint's place.
    expect(
      within(dialog).queryByText('A smaller shift of departure or arrival is a minor change'),
    ).toBeNull();

    // A field blank stops the checks across fields: with every field in bounds they run.
    await fill('Minor change under (minutes)', '30');
    await fill('Minimum connecting time (minutes)', '60');
    await fill('Remove inactive segments by (hours)', '24');
    await fill('Churning alert from (cancellations)', '3');
    await fill('Last ticketing call (hours before deadline)', '6');
    await fill('Ticketing due within (hours)', '5');
    expect(
      within(dialog).getByText('The last call should come within the ticketing window'),
    ).toBeTruthy();
    expect(server.posts(PROCESS_SETTINGS_CALLS.update)).toHaveLength(0);
  });
});
