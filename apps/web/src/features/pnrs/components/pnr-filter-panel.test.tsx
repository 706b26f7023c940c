import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PnrFilter } from '@smt/shared';
import { addDays, format, subMonths } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { localDay } from '@/lib/local-day';
import { renderWithApp } from '@/testing/render-app';
import { stubViewportWidth } from '@/testing/viewport';
import { PnrSearchBar } from './pnr-search-bar';
import { pnrTexts } from '@/features/pnrs/utils/pnr-texts';

const SEARCH = 'Search by PNR / name / flight';

function renderBar(filter: PnrFilter = {}) {
  const onApply = vi.fn();
  renderWithApp(<PnrSearchBar filter={filter} onApply={onApply} />);
  return { onApply };
}

async function openPanel(): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
  return screen.getByRole('dialog', { name: 'My PNRs Filters' });
}

/** Puts a value in a field in one go: typing key by key re-renders the whole form each time. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

/** Enters a 'yyyy-MM-dd' day as a person writes it, dd/MM/yyyy, all at once as autofill does. */
function setDate(panel: HTMLElement, label: string, day: string) {
  const field = within(panel).getByRole('group', { name: label });
  fireEvent.change(field.querySelector('input') as HTMLInputElement, {
    target: { value: day.split('-').reverse().join('/') },
  });
}

const today = () => new Date();

// Long userEvent walks on a shared machine.
describe('the filter panel', { timeout: 20_000 }, () => {
  it.each([
    ['PNR number', 'AB12', 'Should be alphanumeric value from 6 to 10 characters'],
    [
      'Customer name',
      'Levi; drop',
      'Should be a sequence of alphanumeric values, space, ., _, - from 2 to 100 characters',
    ],
    ['Customer number', 'DK-12', 'Should be alphanumeric value from 1 to 10 characters'],
    ['Flight number', '31A', 'Should be a numeric value from 1 to 4 characters'],
    ['Airline', 'L', 'Should be two alphanumeric characters'],
    ['From', 'TL1', 'Should be three letters'],
    ['To', 'LONDON', 'Should be three letters'],
  ])(
    'should show %s message and stay open when Apply is pressed with %j',
    async (label, value, message) => {
      const { onApply } = renderBar();
      const panel = await openPanel();

      await fill(within(panel).getByLabelText(label), value);
      expect(within(panel).queryByText(message)).toBeNull();
      await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

      expect(within(panel).getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
      expect(within(panel).getByText(message)).toBeTruthy();
      expect(onApply).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'My PNRs Filters' })).toBe(panel);
    },
  );

  it('should show a message once its field is left when the value is bad', async () => {
    renderBar();
    const panel = await openPanel();

    await fill(within(panel).getByLabelText('Airline'), 'L');
    await userEvent.tab();

    expect(within(panel).getByText('Should be two alphanumeric characters')).toBeTruthy();
  });

  it('should apply uppercased, trimmed values and close when every value is good', async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();

    await fill(within(panel).getByLabelText('PNR number'), 'abc123');
    await fill(within(panel).getByLabelText('Airline'), 'ly');
    await fill(within(panel).getByLabelText('From'), 'tlv');
    await fill(within(panel).getByLabelText('To'), ' lhr ');
    await fill(within(panel).getByLabelText('Customer name'), 'Dana Levi');
    await userEvent.click(within(panel).getByRole('radio', { name: 'No' }));
    const from = localDay(subMonths(today(), 1));
    const to = localDay(today());
    setDate(panel, 'Creation date from', from);
    setDate(panel, 'Creation date to', to);
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(onApply).toHaveBeenCalledOnce();
    expect(onApply.mock.calls[0]?.[0]).toEqual({
      pnrNumber: 'ABC123',
      airline: 'LY',
      destinationFrom: 'TLV',
      destinationTo: 'LHR',
      customerName: 'Dana Levi',
      isTicketed: false,
      creationDate: { from, to },
    });
    expect(screen.queryByRole('dialog', { name: 'My PNRs Filters' })).toBeNull();
  });

  it('should refuse a creation date in the future and one 7 months back with their messages', async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();

    setDate(panel, 'Creation date from', localDay(subMonths(today(), 7)));
    setDate(panel, 'Creation date to', localDay(addDays(today(), 1)));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(within(panel).getByText('The date cannot be more than 6 months back')).toBeTruthy();
    expect(within(panel).getByText('The date cannot be in the future')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('should apply a departure range typed as dd/MM/yyyy as yyyy-MM-dd days', async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();
    const from = addDays(today(), 10);
    const to = addDays(today(), 20);

    for (const [label, day] of [
      ['Departure date from', from],
      ['Departure date to', to],
    ] as const) {
      const field = within(panel).getByRole('group', { name: label });
      await userEvent.click(within(field).getByRole('spinbutton', { name: 'Day' }));
      await userEvent.keyboard(format(day, 'ddMMyyyy'));
      expect((field.querySelector('input') as HTMLInputElement).value).toBe(
        format(day, 'dd/MM/yyyy'),
      );
    }
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(onApply).toHaveBeenCalledWith({
      departureDate: { from: localDay(from), to: localDay(to) },
    });
  });

  it('should stay open while a day is picked from a calendar and when Escape closes it', async () => {
    renderBar();
    const panel = await openPanel();
    const field = within(panel).getByRole('group', { name: 'Departure date from' });
    const chooseDate = () => within(field).getByRole('button', { name: /^Choose date/ });

    await userEvent.click(chooseDate());
    await userEvent.click(await screen.findByRole('gridcell', { name: '15' }));
    expect(screen.getByRole('dialog', { name: 'My PNRs Filters' })).toBe(panel);
    expect((field.querySelector('input') as HTMLInputElement).value).toMatch(/^15\//);

    await userEvent.click(chooseDate());
    await screen.findByRole('grid');
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'My PNRs Filters' })).toBe(panel);
  });

  it('should accept a departure date in the future when the range is in order', async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();
    const from = localDay(addDays(today(), 10));
    const to = localDay(addDays(today(), 20));

    setDate(panel, 'Departure date from', from);
    setDate(panel, 'Departure date to', to);
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(onApply).toHaveBeenCalledWith({ departureDate: { from, to } });
  });

  it("should show the product's window and stay open when a departure date lies past it", async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();

    setDate(panel, 'Departure date from', localDay(addDays(today(), 10)));
    setDate(panel, 'Departure date to', '9999-12-31');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(
      within(panel).getByText('The date must be between 01/01/2000 and 31/12/2099'),
    ).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('should need both dates of a range when only one is given', async () => {
    renderBar();
    const panel = await openPanel();

    setDate(panel, 'Ticketing date from', localDay(today()));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(within(panel).getByText('Both dates of the range are required')).toBeTruthy();
  });

  it('should start from the applied filter and keep it when Cancel is pressed', async () => {
    const { onApply } = renderBar({ airline: 'LY', isTicketed: true });
    const panel = await openPanel();

    expect(within(panel).getByLabelText<HTMLInputElement>('Airline').value).toBe('LY');
    expect(within(panel).getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(true);
    await userEvent.clear(within(panel).getByLabelText('Airline'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));

    expect(onApply).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'My PNRs Filters' })).toBeNull();
    // Opened again, it shows the applied filter, not the abandoned edit.
    const again = await openPanel();
    expect(within(again).getByLabelText<HTMLInputElement>('Airline').value).toBe('LY');
  });

  it('should close without applying when Escape is pressed', async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();

    await fill(within(panel).getByLabelText('Airline'), 'LY');
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'My PNRs Filters' })).toBeNull();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('should apply when Enter is pressed in a field', async () => {
    const { onApply } = renderBar();
    const panel = await openPanel();

    await fill(within(panel).getByLabelText('Flight number'), '315');
    await userEvent.keyboard('{Enter}');

    expect(onApply).toHaveBeenCalledWith({ flightNumber: '315' });
  });

  it('should open from the Filters button and count the applied filters on its badge', async () => {
    renderBar({ airline: 'LY', flightNumber: '315' });

    await userEvent.click(screen.getByRole('button', { name: 'Filters (2 applied)' }));

    const panel = screen.getByRole('dialog', { name: 'My PNRs Filters' });
    expect(document.activeElement).toBe(within(panel).getByLabelText('PNR number'));
  });
});

describe('the quick search', { timeout: 20_000 }, () => {
  it.each(['JB53UB', 'LY541', 'Dana Levi'])(
    'should search %j at once when Enter is pressed in the box, keeping the other filters',
    async (term) => {
      const { onApply } = renderBar({ airline: 'LY' });

      await userEvent.type(screen.getByRole('searchbox', { name: SEARCH }), `${term}{Enter}`);

      expect(onApply).toHaveBeenCalledWith({ airline: 'LY', search: term });
      expect(screen.queryByRole('dialog', { name: 'My PNRs Filters' })).toBeNull();
    },
  );

  it.each([1280, 375])(
    'should let a term be typed without opening the panel when the screen is %i px wide',
    async (width) => {
      stubViewportWidth(width);
      renderBar();
      const box = screen.getByRole('searchbox', { name: SEARCH });

      await userEvent.click(box);
      await userEvent.type(box, 'levi');

      expect(screen.queryByRole('dialog', { name: 'My PNRs Filters' })).toBeNull();
      expect(document.activeElement).toBe(box);
      expect((box as HTMLInputElement).value).toBe('levi');
    },
  );

  it('should keep the search when the panel applies its fields', async () => {
    const { onApply } = renderBar({ search: 'LY541' });
    const panel = await openPanel();

    await fill(within(panel).getByLabelText('Airline'), 'LY');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    expect(onApply).toHaveBeenCalledWith({ airline: 'LY', search: 'LY541' });
  });

  it("should count only the panel's own fields on the Filters button, not the search", () => {
    renderBar({ airline: 'LY', search: 'LY541' });

    expect(screen.getByRole('button', { name: pnrTexts.filtersApplied(1) })).toBeTruthy();
  });

  it('should show the message under the box when the term is bad', async () => {
    const { onApply } = renderBar();

    await userEvent.type(screen.getByRole('searchbox', { name: SEARCH }), 'A{Enter}');

    expect(
      screen.getByText(
        'Should be a sequence of alphanumeric values, space, ., _, - from 2 to 100 characters',
      ),
    ).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('the filter dialog on small screens', { timeout: 20_000 }, () => {
  it("should be a full-screen dialog titled 'My PNRs Filters' with its three actions", async () => {
    stubViewportWidth(375);
    renderBar();

    const dialog = await openPanel();

    // Every other button opens a date field's calendar.
    expect(
      within(dialog)
        .getAllByRole('button')
        .filter((button) => !/^Choose date/.test(button.getAttribute('aria-label') ?? ''))
        .map((button) => button.textContent),
    ).toEqual(['Clear filters', 'Cancel changes', 'Apply']);
  });

  it('should empty the form and apply nothing when Clear filters is pressed', async () => {
    stubViewportWidth(375);
    const { onApply } = renderBar({ airline: 'LY', pnrNumber: 'ABC123', isTicketed: false });
    const dialog = await openPanel();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear filters' }));

    expect(within(dialog).getByLabelText<HTMLInputElement>('Airline').value).toBe('');
    expect(within(dialog).getByLabelText<HTMLInputElement>('PNR number').value).toBe('');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'All' }).checked).toBe(true);
    expect(onApply).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({});
  });

  it('should close and keep the applied search when Cancel changes is pressed', async () => {
    stubViewportWidth(375);
    const { onApply } = renderBar({ airline: 'LY' });
    const dialog = await openPanel();

    await userEvent.clear(within(dialog).getByLabelText('Airline'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel changes' }));

    expect(onApply).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'My PNRs Filters' })).toBeNull(),
    );
  });
});
