import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import { RowActions } from './row-actions';

describe('RowActions', () => {
  it('should turn delete off and say why when the row may not be deleted', async () => {
    const onDelete = vi.fn(async () => undefined);
    renderWithApp(
      <RowActions
        name="Super User"
        onEdit={() => undefined}
        onDelete={onDelete}
        deletedText="User deleted"
        deleteRefusal="You cannot delete your own account."
      />,
    );

    const remove = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Delete Super User',
    });
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute('aria-description')).toBe('You cannot delete your own account.');
    const edit = screen.getByRole<HTMLButtonElement>('button', { name: 'Edit Super User' });
    expect(edit.disabled).toBe(false);
  });

  it('should offer delete, asking first, on any other row', async () => {
    renderWithApp(
      <RowActions
        name="Dana Levi"
        onEdit={() => undefined}
        onDelete={async () => undefined}
        deletedText="User deleted"
      />,
    );

    const remove = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Delete Dana Levi',
    });
    expect(remove.disabled).toBe(false);
    expect(remove.hasAttribute('aria-description')).toBe(false);
  });
});
