import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoginForm as LoginFormSchema, toE164, type Country } from '@smt/shared';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { KeepLoggedInField } from '@/features/auth/components/keep-logged-in-field';
import { PhoneCodeField } from '@/features/auth/components/phone-code-field';
import type { SignInChannel } from '@/features/auth/api/send-sign-in';
import type { SignInRequest } from '@/features/auth/hooks/use-send-sign-in';
import { loginTexts } from '@/features/auth/login-texts';

export type LoginFormValues = {
  email: string;
  country: Country | null;
  phoneNum: string;
  keepLoggedIn: boolean;
};

export type LoginField = 'email' | 'phoneCode' | 'phoneNum';
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

type Validation = { errors: LoginFieldErrors; valid: Omit<SignInRequest, 'channel'> | null };

/** `send` offers Email and SMS; `confirm` finishes an e-mail link with one Sign in button. */
export type LoginFormMode = 'send' | 'confirm';

function validate(values: LoginFormValues): Validation {
  const result = LoginFormSchema.safeParse({
    email: values.email,
    phoneCode: values.country?.dialCode ?? '',
    phoneNum: values.phoneNum,
    keepLoggedIn: values.keepLoggedIn,
  });
  if (result.success) {
    const { email, phoneCode, phoneNum, keepLoggedIn } = result.data;
    const phone = toE164(phoneCode, phoneNum);
    return { errors: {}, valid: { email, phone, keepLoggedIn, country: values.country?.code } };
  }
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors, valid: null };
}

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
};

const NO_ERRORS: LoginFieldErrors = {};

/** Step 1: e-mail, phone code and number; sends a link by Email or a code by SMS. */
export function LoginForm({
  mode = 'send',
  initialValues,
  pendingChannel,
  serverErrors = NO_ERRORS,
  notice,
  onEdit,
  onSubmit,
}: LoginFormProps) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<LoginField>>(new Set());
  const channel = useRef<SignInChannel>('email');
  const { errors, valid } = validate(values);
  const pending = pendingChannel !== null;

  const errorOf = (field: LoginField) =>
    touched.has(field) ? (errors[field] ?? serverErrors[field]) : serverErrors[field];
  const touch = (field: LoginField) => setTouched((fields) => new Set(fields).add(field));
  const change = (next: Partial<LoginFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    onEdit?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set<LoginField>(['email', 'phoneCode', 'phoneNum']));
    if (valid && !pending) onSubmit({ channel: channel.current, ...valid }, values);
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <TextField
          label={loginTexts.emailLabel}
          type="email"
          autoComplete="email"
          required
          fullWidth
          value={values.email}
          disabled={pending}
          onChange={(event) => change({ email: event.target.value })}
          onBlur={() => touch('email')}
          error={Boolean(errorOf('email'))}
          helperText={errorOf('email')}
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
          <TextField
            label={loginTexts.phoneNumberLabel}
            type="tel"
            autoComplete="tel-national"
            required
            fullWidth
            value={values.phoneNum}
            disabled={pending}
            onChange={(event) => change({ phoneNum: event.target.value })}
            onBlur={() => touch('phoneNum')}
            error={Boolean(errorOf('phoneNum'))}
            helperText={errorOf('phoneNum')}
          />
        </Box>
        <KeepLoggedInField
          checked={values.keepLoggedIn}
          disabled={pending}
          onChange={(keepLoggedIn) => change({ keepLoggedIn })}
        />
        {notice}
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
