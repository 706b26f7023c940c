import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUNTRIES, validationMessages } from '@smt/shared';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import type { LoginFormValues } from '@/features/auth/utils/login-form-values';
import { loginTexts } from '@/features/auth/login-texts';
import { renderScreen } from '@/testing/render';

const ISRAEL = COUNTRIES.find((country) => country.code === 'IL') ?? null;
const EMPTY: LoginFormValues = { email: '', country: ISRAEL, phoneNum: '', keepLoggedIn: false };

function renderForm(initialValues: LoginFormValues = EMPTY) {
  const onSubmit = vi.fn();
  renderScreen(
    <LoginForm initialValues={initialValues} pendingChannel={null} onSubmit={onSubmit} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const phoneField = () => screen.getByRole('textbox', { name: 'Phone number' });
const phoneCodeField = () => screen.getByRole('combobox', { name: 'Phone code' });
const button = (name: 'Email' | 'SMS') => screen.getByRole('button', { name });

describe('LoginForm', () => {
  it('should label every field when rendered', () => {
    renderForm();

    expect(emailField()).toBeTruthy();
    expect(phoneCodeField()).toBeTruthy();
    expect(phoneField()).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Keep me logged in' })).toBeTruthy();
    expect(button('Email')).toBeTruthy();
    expect(button('SMS')).toBeTruthy();
  });

  it('should show no errors when the fields are untouched', () => {
    renderForm();

    expect(screen.queryByText(validationMessages.emailRequired)).toBeNull();
    expect(screen.queryByText(validationMessages.phoneNumberRequired)).toBeNull();
  });

  it('should show the required message when the e-mail is left empty after touching it', async () => {
    const { user } = renderForm();

    await user.click(emailField());
    await user.tab();

    expect(await screen.findByText(validationMessages.emailRequired)).toBeTruthy();
    expect(screen.queryByText(validationMessages.phoneNumberRequired)).toBeNull();
  });

  it('should say the e-mail is not valid when a malformed one was typed', async () => {
    const { user } = renderForm();

    await user.type(emailField(), 'not-an-email');
    await user.tab();

    expect(await screen.findByText(validationMessages.emailInvalid)).toBeTruthy();
  });

  it('should show every error and send nothing when a button is pressed with empty fields', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(button('SMS'));

    expect(await screen.findByText(validationMessages.emailRequired)).toBeTruthy();
    expect(screen.getByText(validationMessages.phoneNumberRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  // Some 240 options in jsdom: slow on a busy machine.
  it('should offer every country by name and dialling code when the phone code is picked', () => {
    renderForm();

    const options = within(phoneCodeField()).getAllByRole('option');
    expect(options).toHaveLength(COUNTRIES.length);
    expect((phoneCodeField() as HTMLSelectElement).value).toBe('IL');
    expect(screen.getByRole('option', { name: 'Israel (+972)' })).toBeTruthy();
  }, 20_000);

  it('should say the phone code is required when no code is chosen', async () => {
    const { user } = renderForm({ ...EMPTY, country: null });

    await user.click(button('Email'));

    expect(await screen.findByText(validationMessages.phoneCodeRequired)).toBeTruthy();
  });

  it('should refuse a number when it is not valid for Israel', async () => {
    const { user, onSubmit } = renderForm();

    await user.type(emailField(), 'agent@demo.test');
    await user.type(phoneField(), '12345');
    await user.tab();

    expect(await screen.findByText(validationMessages.phoneInvalid)).toBeTruthy();
    await user.click(button('SMS'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should refuse an Israeli mobile number when the United States code is chosen', async () => {
    const { user } = renderForm();

    await user.selectOptions(phoneCodeField(), 'United States (+1)');
    await user.type(phoneField(), '500000003');
    await user.tab();

    expect(await screen.findByText(validationMessages.phoneInvalid)).toBeTruthy();
  });

  it('should send a United States number when it is valid for that country', async () => {
    const { user, onSubmit } = renderForm();

    await user.selectOptions(phoneCodeField(), 'United States (+1)');
    await user.type(emailField(), 'us@demo.test');
    await user.type(phoneField(), '(201) 555-0123');
    await user.click(button('Email'));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      channel: 'email',
      phone: '+12015550123',
      country: 'US',
    });
  });

  it('should send a trimmed lower-case e-mail and an E.164 phone when SMS is pressed', async () => {
    const { user, onSubmit } = renderForm();

    await user.type(emailField(), '  Agent@Demo.TEST ');
    await user.type(phoneField(), ' 50-000-0003 ');
    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }));
    await user.click(button('SMS'));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      channel: 'sms',
      email: 'agent@demo.test',
      phone: '+972500000003',
      keepLoggedIn: true,
      country: 'IL',
    });
  });

  it('should warn that the device alone guards the session when keep me logged in is ticked', async () => {
    const { user } = renderForm();
    expect(screen.queryByText(loginTexts.keepLoggedInWarning)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }));

    expect(screen.getByText(loginTexts.keepLoggedInWarning)).toBeTruthy();
  });

  it('should show the server field error when the server refused a field', () => {
    renderScreen(
      <LoginForm
        initialValues={EMPTY}
        pendingChannel={null}
        serverErrors={{ phoneNum: validationMessages.phoneInvalid }}
        onSubmit={vi.fn()}
      />,
    );

    expect(screen.getByText(validationMessages.phoneInvalid)).toBeTruthy();
  });

  it('should disable both buttons when a send is running', () => {
    renderScreen(<LoginForm initialValues={EMPTY} pendingChannel="sms" onSubmit={vi.fn()} />);

    expect(button('Email').hasAttribute('disabled')).toBe(true);
    expect(button('SMS').hasAttribute('disabled')).toBe(true);
  });
});
