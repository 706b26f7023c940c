import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { KeepLoggedInField } from '@/features/auth/components/keep-logged-in-field';
import { PhoneCodeField } from '@/features/auth/components/phone-code-field';
import { useLoginCheck } from '@/features/auth/hooks/use-login-check';
import type { SignInChannel } from '@/features/auth/api/send-sign-in';
import type { SignInRequest } from '@/features/auth/hooks/use-send-sign-in';
import { loginTexts } from '@/features/auth/login-texts';
import type { LoginCheck } from '@/features/auth/utils/login-check';
import type {
  LoginField,
  LoginFieldErrors,
  LoginFormValues,
} from '@/features/auth/utils/login-form-values';
import { fieldOf, type PaintedField } from '@/features/auth/utils/typed-before-start';
import { OutlinedField } from '@/components/ui/outlined-field';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/** `send` offers Email and SMS; `confirm` finishes an e-mail link with one Sign in button. */
export type LoginFormMode = 'send' | 'confirm';

/** What the form the document painted was doing when the app took over (issue 39). */
export type LoginFormStart = { focus?: PaintedField; submit?: SignInChannel };

type LoginFormProps = {
  mode?: LoginFormMode;
  initialValues: LoginFormValues;
  /** The channel whose send is running, if one is. */
  pendingChannel: SignInChannel | null;
  /** The server's word on fields, shown until the user edits the form. */
  serverErrors?: LoginFieldErrors;
  /** A message above the send buttons, such as why the last attempt failed. */
  notice?: ReactNode;
  onEdit?: () => void;
  onSubmit: (request: SignInRequest, values: LoginFormValues) => void;
  /** Carried on from the painted form once, as the form first shows. */
  startWith?: LoginFormStart;
  onStarted?: () => void;
};

const NO_ERRORS: LoginFieldErrors = {};
const isChannel = (value: string): value is SignInChannel => value === 'email' || value === 'sms';
const NOT_CHECKED: LoginCheck = { errors: NO_ERRORS, valid: null };
const EVERY_FIELD: ReadonlySet<LoginField> = new Set(['email', 'phoneCode', 'phoneNum']);

/** Step 1: e-mail, phone code and number; sends a link by Email or a code by SMS. */
export function LoginForm({
  mode = 'send',
  initialValues,
  pendingChannel,
  serverErrors = NO_ERRORS,
  notice,
  onEdit,
  onSubmit,
  startWith,
  onStarted,
}: LoginFormProps) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<LoginField>>(new Set());
  const channel = useRef<SignInChannel>('email');
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  // In the commit, not after the paint: a key pressed meanwhile must reach the field.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (started.current || !form || !startWith) return;
    started.current = true;
    onStarted?.();
    if (startWith.focus) fieldOf(form, startWith.focus)?.focus();
    if (startWith.submit) {
      form.requestSubmit(
        form.querySelector<HTMLButtonElement>(`button[value="${startWith.submit}"]`),
      );
    }
  }, [startWith, onStarted]);
  const { check, load } = useLoginCheck();
  // The rules are a chunk of their own: a lost connection must say so, not leave Send dead.
  const [loadFailed, setLoadFailed] = useState(false);
  const loadCheck = async () => {
    try {
      const loaded = await load();
      setLoadFailed(false);
      return loaded;
    } catch {
      setLoadFailed(true);
      return null;
    }
  };
  // Errors show on touched fields only, and no field is touched before the check has loaded.
  const { errors } = check ? check(values) : NOT_CHECKED;
  const pending = pendingChannel !== null;

  const errorOf = (field: LoginField) =>
    touched.has(field) ? (errors[field] ?? serverErrors[field]) : serverErrors[field];
  const touch = (field: LoginField) => setTouched((fields) => new Set(fields).add(field));
  const change = (next: Partial<LoginFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    onEdit?.();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button pressed, or the one a send asked for before the app ran (requestSubmit).
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && isChannel(submitter.value)) {
      channel.current = submitter.value;
    }
    setTouched(EVERY_FIELD);
    if (pending || submitting.current) return;
    submitting.current = true;
    try {
      const loaded = await loadCheck();
      const valid = loaded?.(values).valid;
      if (valid) onSubmit({ channel: channel.current, ...valid }, values);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Box
      ref={formRef}
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadCheck()}
    >
      <Stack spacing={2.5}>
        <OutlinedField
          label={loginTexts.emailLabel}
          type="email"
          autoComplete="email"
          required
          fullWidth
          value={values.email}
          disabled={pending}
          onChange={(event) => change({ email: event.target.value })}
          onBlur={() => touch('email')}
          error={errorOf('email')}
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <PhoneCodeField
            label={loginTexts.phoneCodeLabel}
            value={values.country}
            disabled={pending}
            onChange={(country) => change({ country })}
            onBlur={() => touch('phoneCode')}
            error={errorOf('phoneCode')}
          />
          <OutlinedField
            label={loginTexts.phoneNumberLabel}
            type="tel"
            autoComplete="tel-national"
            required
            fullWidth
            value={values.phoneNum}
            disabled={pending}
            onChange={(event) => change({ phoneNum: event.target.value })}
            onBlur={() => touch('phoneNum')}
            error={errorOf('phoneNum')}
          />
        </Box>
        <KeepLoggedInField
          checked={values.keepLoggedIn}
          disabled={pending}
          onChange={(keepLoggedIn) => change({ keepLoggedIn })}
        />
        {notice}
        {loadFailed && <Alert severity="error">{NETWORK_ERROR_MESSAGE}</Alert>}
        {mode === 'send' ? (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {loginTexts.sendPrompt}
            </Typography>
            <Stack direction="row" spacing={2}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                name="channel"
                value="email"
                startIcon={<EmailOutlinedIcon />}
                loading={pendingChannel === 'email'}
                disabled={pending}
                onClick={() => (channel.current = 'email')}
              >
                {loginTexts.sendByEmail}
              </Button>
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                name="channel"
                value="sms"
                startIcon={<SmsOutlinedIcon />}
                loading={pendingChannel === 'sms'}
                disabled={pending}
                onClick={() => (channel.current = 'sms')}
              >
                {loginTexts.sendBySms}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Button type="submit" variant="contained" size="large" loading={pending}>
            {loginTexts.signIn}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
