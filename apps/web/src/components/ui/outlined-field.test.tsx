import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OutlinedField } from '@/components/ui/outlined-field';
import { renderScreen } from '@/testing/render';

describe('OutlinedField', () => {
  it('should name the input by its label and mark it required', () => {
    renderScreen(<OutlinedField label="Email" required value="" onChange={vi.fn()} />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('should mark the input invalid and describe it by the error when there is one', () => {
    renderScreen(
      <OutlinedField label="Email" value="x" error="Specify a valid e-mail" onChange={vi.fn()} />,
    );

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Specify a valid e-mail');
  });

  it('should hand what is typed to onChange and tell when it is left', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    renderScreen(<OutlinedField label="Code" onChange={onChange} onBlur={onBlur} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), '12');
    await userEvent.tab();

    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('should pass attributes to the input element through slotProps.htmlInput', () => {
    renderScreen(
      <OutlinedField
        label="Code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />,
    );

    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
  });
});
