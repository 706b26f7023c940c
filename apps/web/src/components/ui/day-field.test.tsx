import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayField } from './day-field';

function Harness(props: { start?: string; error?: string; onDay?: (day: string) => void }) {
  const [value, setValue] = useState(props.start ?? '');
  return (
    <DayField
      label="Departure from"
      value={value}
      error={props.error}
      onChange={(day) => {
        setValue(day);
        props.onDay?.(day);
      }}
    />
  );
}

const field = () => screen.getByRole('group', { name: 'Departure from' });
/** The picker keeps the shown text in a hidden input for forms and autofill. */
const shown = () => (field().querySelector('input') as HTMLInputElement).value;

async function type(text: string) {
  await userEvent.click(screen.getByRole('spinbutton', { name: 'Day' }));
  await userEvent.keyboard(text);
}

const startZone = process.env.TZ;
afterEach(() => {
  if (startZone === undefined) delete process.env.TZ;
  else process.env.TZ = startZone;
});

describe('DayField', () => {
  it('should send a day typed as dd/MM/yyyy as yyyy-MM-dd when each digit is typed', async () => {
    const onDay = vi.fn();
    render(<Harness onDay={onDay} />);

    await type('14012027');

    // Not 0002-01-14 and the like while the year is being typed.
    expect(onDay.mock.calls).toEqual([['2027-01-14']]);
    expect(shown()).toBe('14/01/2027');
  }, 20_000);

  it('should show the day it holds as dd/MM/yyyy when given yyyy-MM-dd', () => {
    render(<Harness start="2026-12-31" />);

    expect(shown()).toBe('31/12/2026');
    expect(within(field()).getByRole('spinbutton', { name: 'Month' }).textContent).toBe('12');
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'should keep the typed day when the browser is in %s',
    async (zone) => {
      process.env.TZ = zone;
      const onDay = vi.fn();
      render(<Harness start="2027-01-15" onDay={onDay} />);
      expect(shown()).toBe('15/01/2027');

      await type('14012027');

      expect(onDay).toHaveBeenLastCalledWith('2027-01-14');
      expect(shown()).toBe('14/01/2027');
    },
    20_000,
  );

  it('should say the day is not real and send none when left with 31/02/2027', async () => {
    const onDay = vi.fn();
    render(<Harness onDay={onDay} />);

    await type('31022027');
    await userEvent.tab();
    await userEvent.tab();

    expect(onDay).toHaveBeenLastCalledWith('');
    expect(screen.getByText('Not a real date')).toBeTruthy();
  }, 20_000);

  it('should send no day when left with the year half typed', async () => {
    const onDay = vi.fn();
    render(<Harness start="2027-01-14" onDay={onDay} />);

    await userEvent.click(screen.getByRole('spinbutton', { name: 'Year' }));
    await userEvent.keyboard('20');
    await userEvent.tab();
    await userEvent.tab();

    expect(onDay).toHaveBeenLastCalledWith('');
    expect(screen.getByText('Not a real date')).toBeTruthy();
  }, 20_000);

  it("should show the form's message and mark the field invalid when given one", () => {
    render(<Harness start="2027-01-14" error="The date cannot be in the future" />);

    expect(screen.getByText('The date cannot be in the future')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('should send the day picked from the calendar when one is chosen', async () => {
    const onDay = vi.fn();
    render(<Harness start="2027-01-14" onDay={onDay} />);

    await userEvent.click(screen.getByRole('button', { name: /Choose date/ }));
    await userEvent.click(await screen.findByRole('gridcell', { name: '20' }));

    expect(onDay).toHaveBeenLastCalledWith('2027-01-20');
    expect(shown()).toBe('20/01/2027');
  }, 20_000);
});
