/** What someone changed in the sign-in form the document painted, before the app started. */
export type TypedBeforeStart = {
  email?: string;
  phoneNum?: string;
  /** The picked country's ISO code. */
  country?: string;
  keepLoggedIn?: boolean;
};

let typed: TypedBeforeStart = {};

/**
 * Reads the fields of the form the server's document painted (issue 39) that the user changed
 * while the script was on its way: React replaces that form with its own when the app starts,
 * and the new one starts from these, so nothing typed is lost. Called once, before rendering.
 */
export function keepTypedBeforeStart(root: ParentNode): void {
  const form = root.querySelector('form');
  if (!form) return;
  const email = form.querySelector<HTMLInputElement>('input[type="email"]');
  const phone = form.querySelector<HTMLInputElement>('input[type="tel"]');
  const country = form.querySelector<HTMLSelectElement>('select');
  const keep = form.querySelector<HTMLInputElement>('input[type="checkbox"]');
  const found: TypedBeforeStart = {};
  if (email && email.value !== email.defaultValue) found.email = email.value;
  if (phone && phone.value !== phone.defaultValue) found.phoneNum = phone.value;
  const picked = country?.selectedOptions[0];
  if (country && picked && !picked.defaultSelected) found.country = country.value;
  if (keep && keep.checked !== keep.defaultChecked) found.keepLoggedIn = keep.checked;
  typed = found;
}

/** What was typed before the app started; nothing once the form has taken it. */
export const typedBeforeStart = (): TypedBeforeStart => typed;

/** The form holds it now: a later visit to the form starts without it. */
export function forgetTypedBeforeStart(): void {
  typed = {};
}
