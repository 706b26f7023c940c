import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { DownloadCsvButton } from '@/components/ui/download-csv-button';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderButton(props: Partial<Parameters<typeof DownloadCsvButton>[0]> = {}) {
  const onDownload = props.onDownload ?? vi.fn(() => Promise.resolve());
  render(
    <AppProviders>
      <DownloadCsvButton onDownload={onDownload} {...props} />
    </AppProviders>,
  );
  return { onDownload };
}

describe('DownloadCsvButton', () => {
  it("should read 'Download CSV' when no label is given", () => {
    renderButton();

    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('should use the given label when one is given', () => {
    renderButton({ label: 'Download agents CSV' });

    expect(screen.getByRole('button', { name: 'Download agents CSV' })).toBeTruthy();
  });

  it('should show progress and refuse a second click when a download is running', async () => {
    const download = deferred();
    const onDownload = vi.fn(() => download.promise);
    renderButton({ onDownload });
    const button = screen.getByRole('button', { name: 'Download CSV' });

    await userEvent.click(button);

    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // A disabled MUI button also turns off pointer events; click it the way a script could.
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(button);
    expect(onDownload).toHaveBeenCalledOnce();

    download.resolve();

    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(button.getAttribute('aria-busy')).toBe('false');
  });

  it("should say 'Operation failed' and be ready again when the download fails", async () => {
    const download = deferred();
    renderButton({ onDownload: () => download.promise });
    const button = screen.getByRole('button', { name: 'Download CSV' });

    await userEvent.click(button);
    download.reject(new Error('network'));

    expect(await screen.findByText('Operation failed')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('should not start a download when it is disabled', async () => {
    const { onDownload } = renderButton({ disabled: true });
    const button = screen.getByRole('button', { name: 'Download CSV' });

    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(button);

    expect(onDownload).not.toHaveBeenCalled();
  });
});
