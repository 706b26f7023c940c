import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '@/features/management/utils/field-errors';
import { submitErrorText } from '@/features/management/utils/submit-error-text';
import { ApiError } from '@/lib/api-client';

type FormValues = Record<string, string | boolean>;

type ManagementFormOptions<V extends FormValues, Body> = {
  initial: V;
  /** The shared zod schema the server parses the body with, fed from the form's values. */
  parse: (values: V) => z.ZodSafeParseResult<Body>;
  submit: (body: Body) => Promise<unknown>;
  onDone: () => void;
};

/**
 * A management form: the shared schema's messages at the fields once a field was left or
 * Submit pressed; Submit only when something changed and nothing is being sent; a refused
 * submission's message under the form.
 */
export function useManagementForm<V extends FormValues, Body>({
  initial,
  parse,
  submit,
  onDone,
}: ManagementFormOptions<V, Body>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string>();
  // The server's word on fields (a 400), shown until the form is edited.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const result = parse(values);
  const errors: Record<string, string> = result.success ? {} : fieldErrorsOf(result.error);
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);

  const errorOf = (field: keyof V & string): string | undefined =>
    (submitted || touched.has(field) ? errors[field] : undefined) ?? serverErrors[field];

  const change = (next: Partial<V>) => {
    setValues((current) => ({ ...current, ...next }));
    setSubmitError(undefined);
    setServerErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.success || submitting) return;
    setSubmitting(true);
    setSubmitError(undefined);
    try {
      await submit(result.data);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
      setSubmitError(submitErrorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    change,
    errorOf,
    touch: (field: keyof V & string) => setTouched((current) => new Set(current).add(field)),
    /** Props of a text field bound to `field`. */
    textField: (field: keyof V & string) => ({
      name: field,
      value: String(values[field]),
      onChange: (event: { target: { value: string } }) =>
        change({ [field]: event.target.value } as Partial<V>),
      onBlur: () => setTouched((current) => new Set(current).add(field)),
      error: errorOf(field) !== undefined,
      helperText: errorOf(field),
    }),
    /** Props of a choice select bound to `field`. */
    choiceField: (field: keyof V & string) => ({
      name: field,
      value: String(values[field]),
      onChange: (value: string) => change({ [field]: value } as Partial<V>),
      onBlur: () => setTouched((current) => new Set(current).add(field)),
      error: errorOf(field),
    }),
    canSubmit: dirty && !submitting,
    submitting,
    submitError,
    onSubmit: (event: FormEvent) => void onSubmit(event),
  };
}
