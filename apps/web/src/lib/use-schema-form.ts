import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { get, useForm, useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { submitErrorText } from '@/lib/submit-error-text';
import { ApiError } from '@/lib/api-client';

type SchemaFormOptions<V extends FieldValues, Body> = {
  initial: V;
  /** The shared zod schema the server parses the body with, reading the form's values. */
  schema: z.$ZodType<Body>;
  /** The form's own words for some of the schema's issues (zod's per-parse `error`). */
  messages?: (issue: z.$ZodRawIssue) => string | undefined;
  submit: (body: Body) => Promise<unknown>;
  onDone: () => void;
};

/**
 * The product's one way to hold a form (docs/architecture.md), held by react-hook-form and checked by the shared schema through its zod
 * resolver: the schema's messages at the fields once a field was left or Submit pressed;
 * Submit only when something changed and nothing is being sent; a refused submission's
 * message under the form.
 */
export function useSchemaForm<V extends FieldValues, Body>({
  initial,
  schema,
  messages,
  submit,
  onDone,
}: SchemaFormOptions<V, Body>) {
  const form = useForm<FieldValues, unknown, Body>({
    defaultValues: initial as DefaultValues<FieldValues>,
    resolver: zodResolver(
      schema as z.$ZodType<Body, FieldValues>,
      messages && { error: messages },
      { mode: 'sync' },
    ),
  });
  // MUI's fields are controlled, not registered: the whole form is checked at once (a rule may
  // read two fields), and when a message shows is this hook's rule (errorOf).
  const { formState, control, setValue, trigger, handleSubmit, reset } = form;
  const values = { ...initial, ...(useWatch({ control }) as Partial<V>) };
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitError, setSubmitError] = useState<string>();
  // The server's word on fields (a 400), shown until the form is edited.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const errorOf = (field: string): string | undefined => {
    const shown = formState.isSubmitted || touched.has(field);
    // A nested field's path: `creationDate.to`.
    const found: unknown = get(formState.errors, field);
    const message = found instanceof Object && 'message' in found ? found.message : undefined;
    return (shown && typeof message === 'string' ? message : undefined) ?? serverErrors[field];
  };

  const change = (next: Partial<V>) => {
    for (const [field, value] of Object.entries(next)) {
      setValue(field, value, { shouldDirty: true });
    }
    // Messages show only once a field was left or Submit pressed: until then there is nothing
    // to check on every keystroke.
    if (formState.isSubmitted || touched.size > 0) void trigger();
    setSubmitError(undefined);
    setServerErrors({});
  };

  const touch = (field: string) => {
    setTouched((current) => new Set(current).add(field));
    void trigger();
  };

  const send = handleSubmit(async (body) => {
    setSubmitError(undefined);
    try {
      await submit(body);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setServerErrors(error.fieldErrors);
      setSubmitError(submitErrorText(error));
    }
  });

  return {
    values,
    change,
    errorOf,
    touch,
    /** Props of a text field bound to `field`. */
    textField: (field: keyof V & string) => ({
      name: field,
      value: String(values[field]),
      onChange: (event: { target: { value: string } }) =>
        change({ [field]: event.target.value } as Partial<V>),
      onBlur: () => touch(field),
      error: errorOf(field) !== undefined,
      helperText: errorOf(field),
    }),
    /** Props of a choice select bound to `field`. */
    choiceField: (field: keyof V & string) => ({
      name: field,
      value: String(values[field]),
      onChange: (value: string) => change({ [field]: value } as Partial<V>),
      onBlur: () => touch(field),
      error: errorOf(field),
    }),
    /** Starts again from `next`: nothing touched, nothing submitted, no message. */
    reset: (next: V) => {
      reset(next);
      setTouched(new Set());
      setSubmitError(undefined);
      setServerErrors({});
    },
    /** Submits without a form event (an Apply button outside a form). */
    submitNow: () => void send(),
    canSubmit: formState.isDirty && !formState.isSubmitting,
    submitting: formState.isSubmitting,
    submitError,
    onSubmit: (event: FormEvent) => {
      if (formState.isSubmitting) {
        event.preventDefault();
        return;
      }
      void send(event);
    },
  };
}
