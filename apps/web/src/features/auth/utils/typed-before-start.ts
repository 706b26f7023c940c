import { SUBMITTED_BEFORE_START_KEY } from '@smt/shared';
import type { SignInChannel } from '@/features/auth/api/send-sign-in';

export type PaintedField = 'email' | 'country' | 'phoneNum' | 'keepLoggedIn';

/** What someone did in the sign-in form the document painted, before the app started. */
export type TypedBeforeStart = {
  email?: string;
  phoneNum?: string;
  /** The picked country's ISO code. */
  country?: string;
  keepLoggedIn?: boolean;
  /** The field that had the focus, which the app's form takes on. */
  focused?: PaintedField;
  /** The send asked for, which the app's form makes. */
  submitted?: SignInChannel;
};

let painted: HTMLFormElement | null = null;

/**
 * Keeps the form the server's document painted (issue 39, decision 079), which React replaces
 * with its own when the app starts: the app's form starts from what was done in it meanwhile,
 * read when the app's form is made, so nothing typed up to then is lost. Called once, before
 * rendering.
 */
export function keepTypedBeforeStart(root: ParentNode): void {
  painted = root.querySelector('form');
}

const FIELDS: Record<PaintedField, string> = {
  email: 'input[type="email"]',
  country: 'select',
  phoneNum: 'input[type="tel"]',
  keepLoggedIn: 'input[type="checkbox"]',
};

/** The form field of `field`, in the painted form or the app's. */
export const fieldOf = (form: ParentNode, field: PaintedField) =>
  form.querySelector<HTMLElement>(FIELDS[field]);

const isChannel = (value: string | undefined): value is SignInChannel =>
  value === 'email' || value === 'sms';

/** What was done in the painted form; nothing once the app's form has taken it. */
export function typedBeforeStart(): TypedBeforeStart {
  if (!painted) return {};
  const found: TypedBeforeStart = {};
  const email = painted.querySelector<HTMLInputElement>(FIELDS.email);
  const phone = painted.querySelector<HTMLInputElement>(FIELDS.phoneNum);
  const country = painted.querySelector<HTMLSelectElement>(FIELDS.country);
  const keep = painted.querySelector<HTMLInputElement>(FIELDS.keepLoggedIn);
  if (email && email.value !== email.defaultValue) found.email = email.value;
  if (phone && phone.value !== phone.defaultValue) found.phoneNum = phone.value;
  const picked = country?.selectedOptions[0];
  if (country && picked && !picked.defaultSelected) found.country = country.value;
  if (keep && keep.checked !== keep.defaultChecked) found.keepLoggedIn = keep.checked;
  const focused = (Object.keys(FIELDS) as PaintedField[]).find(
    (field) =>
      document.activeElement !== null && fieldOf(painted!, field) === document.activeElement,
  );
  if (focused) found.focused = focused;
  const submitted = document.documentElement.dataset[SUBMITTED_BEFORE_START_KEY];
  if (isChannel(submitted)) found.submitted = submitted;
  return found;
}

/** The app's form holds it now: a later visit to the form starts without it. */
export function forgetTypedBeforeStart(): void {
  painted = null;
  delete document.documentElement.dataset[SUBMITTED_BEFORE_START_KEY];
}
