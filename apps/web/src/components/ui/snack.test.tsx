import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useSnack } from '@/components/ui/snack';
import { theme } from '@/lib/theme';

function SnackButtons() {
  const snack = useSnack();
  return (
    <>
      <button onClick={() => snack.success('Saved')}>ok</button>
      <button onClick={() => snack.error('Operation failed')}>fail</button>
    </>
  );
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

// notistack loads with the first snack, so a snack shows a moment after it is asked for.
async function snackOf(text: string): Promise<HTMLElement> {
  const snack = (await screen.findByText(text)).closest<HTMLElement>('.notistack-MuiContent');
  if (!snack) throw new Error(`no snack around '${text}'`);
  return snack;
}

describe('useSnack', () => {
  it('should show a green snack when a success is reported', async () => {
    render(
      <AppProviders>
        <SnackButtons />
      </AppProviders>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'ok' }));

    const snack = await snackOf('Saved');
    expect(snack.classList.contains('notistack-MuiContent-success')).toBe(true);
    expect(getComputedStyle(snack).backgroundColor).toBe(rgb(theme.palette.success.main));
  });

  it('should show a red snack when an error is reported', async () => {
    render(
      <AppProviders>
        <SnackButtons />
      </AppProviders>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'fail' }));

    const snack = await snackOf('Operation failed');
    expect(snack.classList.contains('notistack-MuiContent-error')).toBe(true);
    expect(getComputedStyle(snack).backgroundColor).toBe(rgb(theme.palette.error.main));
  });
});
