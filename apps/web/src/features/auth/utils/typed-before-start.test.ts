import { afterEach, describe, expect, it } from 'vitest';
import { initialFormValues } from '@/features/auth/utils/initial-form-values';
import {
  forgetTypedBeforeStart,
  keepTypedBeforeStart,
  typedBeforeStart,
} from '@/features/auth/utils/typed-before-start';

/** The prerendered form as the document paints it: empty, at +972, not kept logged in. */
function paintedForm(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<form>
    <input type="email" value="">
    <select><option value="IL" selected>Israel (+972)</option><option value="GB">United Kingdom (+44)</option></select>
    <input type="tel" value="">
    <input type="checkbox">
  </form>`;
  return root;
}

const STORED = {
  email: 'stored@demo.test',
  phone: '+447700900123',
  country: 'GB',
  keepLoggedIn: true,
};

describe('keepTypedBeforeStart', () => {
  afterEach(forgetTypedBeforeStart);

  it('should keep only the fields changed in the painted form', () => {
    const root = paintedForm();
    root.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'typed@demo.test';
    root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;

    keepTypedBeforeStart(root);

    expect(typedBeforeStart()).toEqual({ email: 'typed@demo.test', keepLoggedIn: true });
  });

  it('should keep a country picked in the painted select', () => {
    const root = paintedForm();
    root.querySelector('select')!.value = 'GB';
    root.querySelector<HTMLInputElement>('input[type="tel"]')!.value = '7700900999';

    keepTypedBeforeStart(root);

    expect(typedBeforeStart()).toEqual({ country: 'GB', phoneNum: '7700900999' });
  });

  it('should keep nothing from a page with no form, or once forgotten', () => {
    const root = paintedForm();
    root.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'typed@demo.test';
    keepTypedBeforeStart(root);
    forgetTypedBeforeStart();
    expect(typedBeforeStart()).toEqual({});

    keepTypedBeforeStart(document.createElement('div'));
    expect(typedBeforeStart()).toEqual({});
  });

  it('should say which field had the focus and which send was asked for', () => {
    const root = paintedForm();
    document.body.append(root);
    try {
      root.querySelector<HTMLInputElement>('input[type="tel"]')!.focus();
      document.documentElement.dataset.smtSubmitted = 'sms';

      keepTypedBeforeStart(root);

      expect(typedBeforeStart()).toEqual({ focused: 'phoneNum', submitted: 'sms' });
      forgetTypedBeforeStart();
      expect(document.documentElement.dataset.smtSubmitted).toBeUndefined();
    } finally {
      root.remove();
    }
  });

  it('should read what was typed up to the moment the app asks', () => {
    const root = paintedForm();
    keepTypedBeforeStart(root);
    root.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'late@demo.test';

    expect(typedBeforeStart()).toEqual({ email: 'late@demo.test' });
  });

  it('should start the form from what was typed over what this browser stored', () => {
    expect(initialFormValues(STORED, { email: 'typed@demo.test' })).toMatchObject({
      email: 'typed@demo.test',
      country: expect.objectContaining({ code: 'GB' }),
      phoneNum: '7700900123',
      keepLoggedIn: true,
    });
    expect(initialFormValues(null, { country: 'GB', keepLoggedIn: true })).toMatchObject({
      email: '',
      country: expect.objectContaining({ code: 'GB' }),
      keepLoggedIn: true,
    });
  });
});
