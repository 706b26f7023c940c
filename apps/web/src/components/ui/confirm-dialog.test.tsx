import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { renderScreen } from '@/testing/render';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderScreen(
    <ConfirmDialog
      open
      title="Delete notifications"
      text="The selected notifications will be deleted."
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return {
    onConfirm,
    onClose,
    dialog: screen.getByRole('dialog', { name: 'Delete notifications' }),
  };
}

describe('ConfirmDialog', () => {
  it('should show the title, the text and Ok and Close buttons when no labels are given', () => {
    const { dialog } = renderDialog();

    expect(within(dialog).getByText('The selected notifications will be deleted.')).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close', 'Ok']);
  });

  it('should use the given labels when they are configured', () => {
    const { dialog } = renderDialog({ okLabel: 'OK', closeLabel: 'Cancel' });

    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('should call onConfirm only when Ok is clicked', async () => {
    const { dialog, onConfirm, onClose } = renderDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('should call onClose only when Close is clicked', async () => {
    const { dialog, onConfirm, onClose } = renderDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('should focus Ok and confirm when Enter is pressed', async () => {
    const { dialog, onConfirm, onClose } = renderDialog();

    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Ok' }));
    await userEvent.keyboard('{Enter}');

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('should confirm when Enter is pressed with the focus outside the buttons', async () => {
    const { dialog, onConfirm } = renderDialog({ text: <input aria-label="Reason" /> });

    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await userEvent.keyboard('{Enter}');

    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('should close and not confirm when Enter is pressed on Close', async () => {
    const { dialog, onConfirm, onClose } = renderDialog();

    within(dialog).getByRole('button', { name: 'Close' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('should call onClose when Esc is pressed', async () => {
    const { onConfirm, onClose } = renderDialog();

    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('should render no dialog when it is not open', () => {
    renderScreen(
      <ConfirmDialog
        open={false}
        title="Delete notifications"
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    );

    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
