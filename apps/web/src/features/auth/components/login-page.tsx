import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { verifyEmailLink, type VerifyEmailLinkInput } from '@/features/auth/api/verify-email-link';
import { verifySmsCode } from '@/features/auth/api/verify-sms-code';
import { ConfirmEmailStep } from '@/features/auth/components/confirm-email-step';
import { LoginForm, type LoginFormStart } from '@/features/auth/components/login-form';
import { LoginLayout } from '@/features/auth/components/login-layout';
import { SigningInStep } from '@/features/auth/components/signing-in-step';
import {
  useSendSignIn,
  type CaptchaMode,
  type SentSignIn,
  type SignInRequest,
} from '@/features/auth/hooks/use-send-sign-in';
import { useSessionActions } from '@/features/auth/hooks/use-session-actions';
import { codeErrorOf, errorTextOf, loginFieldErrorsOf } from '@/features/auth/utils/error-text';
import { initialFormValues } from '@/features/auth/utils/initial-form-values';
import type { LoginFormValues } from '@/features/auth/utils/login-form-values';
import { getStoredLoginDetails } from '@/features/auth/utils/stored-login-details';
import { forgetTypedBeforeStart, typedBeforeStart } from '@/features/auth/utils/typed-before-start';

export const OOB_CODE_PARAM = 'oobCode';

// The steps after a send load while it is under way: the form is the first screen.
const loadCheckEmailStep = () => import('@/features/auth/components/check-email-step');
const loadSmsCodeStep = () => import('@/features/auth/components/sms-code-step');
const CheckEmailStep = lazy(async () => ({ default: (await loadCheckEmailStep()).CheckEmailStep }));
const SmsCodeStep = lazy(async () => ({ default: (await loadSmsCodeStep()).SmsCodeStep }));

type LoginStep =
  | { kind: 'form'; notice: string | null }
  | { kind: 'check-email' | 'sms-code'; sent: SentSignIn; resendAllowedAt: number }
  | { kind: 'signing-in' }
  | { kind: 'confirm-email'; oobCode: string };

type LinkSignIn = VerifyEmailLinkInput & { phone: string };

/** A page opened from an e-mail link completes by itself when this browser knows the e-mail. */
function linkSignInOf(oobCode: string | null): LinkSignIn | null {
  const stored = getStoredLoginDetails();
  if (!oobCode || !stored?.email) return null;
  return { oobCode, email: stored.email, phone: stored.phone, keepLoggedIn: stored.keepLoggedIn };
}

function firstStep(oobCode: string | null, autoLink: LinkSignIn | null): LoginStep {
  if (autoLink) return { kind: 'signing-in' };
  if (oobCode) return { kind: 'confirm-email', oobCode };
  return { kind: 'form', notice: null };
}

const resendAllowedAt = (sent: SentSignIn) => Date.now() + sent.resendAfterSeconds * 1000;

type LoginPageProps = {
  captchaMode: CaptchaMode;
  termsUrl: string;
  privacyUrl: string;
  logo?: ReactNode;
};

/** The four steps of SPEC §2.2: form, check your e-mail, SMS code, signing in. */
export function LoginPage({ captchaMode, termsUrl, privacyUrl, logo }: LoginPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const oobCode = searchParams.get(OOB_CODE_PARAM);
  const [autoLink] = useState(() => linkSignInOf(oobCode));
  const [step, setStep] = useState<LoginStep>(() => firstStep(oobCode, autoLink));
  // What was done in the form the document painted, before the app took it over (issue 39).
  const [typed] = useState(typedBeforeStart);
  const [formValues, setFormValues] = useState<LoginFormValues>(() =>
    initialFormValues(getStoredLoginDetails(), typed),
  );
  useEffect(forgetTypedBeforeStart, []);
  const [startWith, setStartWith] = useState<LoginFormStart | undefined>(() => ({
    focus: typed.focused,
    submit: typed.submitted,
  }));
  const { completeSignIn } = useSessionActions();

  const send = useSendSignIn(captchaMode);
  const resend = useSendSignIn(captchaMode);
  const verifySms = useMutation({
    mutationFn: verifySmsCode,
    onSuccess: (token, { email, phone, keepLoggedIn }) =>
      completeSignIn(token, { email, phone, keepLoggedIn }),
  });
  const verifyLink = useMutation({
    mutationFn: ({ phone: _phone, ...body }: LinkSignIn) => verifyEmailLink(body),
    onSuccess: (token, { email, phone, keepLoggedIn }) =>
      completeSignIn(token, { email, phone, keepLoggedIn }),
    onError: (error) => {
      setSearchParams({}, { replace: true });
      setStep({ kind: 'form', notice: errorTextOf(error) });
    },
  });

  const { mutate: verifyLinkNow } = verifyLink;
  const linkStarted = useRef(false);
  useEffect(() => {
    // Once only, also when StrictMode mounts twice: a link works a single time.
    if (!autoLink || linkStarted.current) return;
    linkStarted.current = true;
    verifyLinkNow(autoLink);
  }, [autoLink, verifyLinkNow]);

  const sendRequest = (request: SignInRequest) => {
    void (request.channel === 'sms' ? loadSmsCodeStep() : loadCheckEmailStep());
    send.mutate(request, {
      onSuccess: (sent) =>
        setStep({
          kind: request.channel === 'sms' ? 'sms-code' : 'check-email',
          sent,
          resendAllowedAt: resendAllowedAt(sent),
        }),
    });
  };

  const resendRequest = (sent: SentSignIn) => {
    resend.mutate(sent, {
      onSuccess: (again) =>
        setStep((current) =>
          current.kind === 'sms-code' || current.kind === 'check-email'
            ? { ...current, sent: again, resendAllowedAt: resendAllowedAt(again) }
            : current,
        ),
    });
  };

  const backToForm = () => {
    send.reset();
    resend.reset();
    verifySms.reset();
    setStep({ kind: 'form', notice: null });
  };

  const fieldErrors = loginFieldErrorsOf(send.error);
  const sendNotice =
    send.error && Object.keys(fieldErrors).length === 0 ? errorTextOf(send.error) : null;

  let content: ReactNode;
  switch (step.kind) {
    case 'form': {
      const notice = sendNotice ?? step.notice;
      content = (
        <LoginForm
          initialValues={formValues}
          pendingChannel={send.isPending ? send.variables.channel : null}
          serverErrors={fieldErrors}
          notice={notice && <Alert severity="error">{notice}</Alert>}
          onEdit={() => {
            if (send.error) send.reset();
          }}
          startWith={startWith}
          onStarted={() => setStartWith(undefined)}
          onSubmit={(request, values) => {
            setFormValues(values);
            sendRequest(request);
          }}
        />
      );
      break;
    }
    case 'check-email':
      content = (
        <CheckEmailStep
          email={step.sent.email}
          resendAllowedAt={step.resendAllowedAt}
          resending={resend.isPending}
          resendError={resend.error && errorTextOf(resend.error)}
          onResend={() => resendRequest(step.sent)}
          onBack={backToForm}
        />
      );
      break;
    case 'sms-code':
      content = (
        <SmsCodeStep
          phone={step.sent.phone}
          error={codeErrorOf(verifySms.error)}
          confirming={verifySms.isPending || verifySms.isSuccess}
          resendAllowedAt={step.resendAllowedAt}
          resending={resend.isPending}
          resendError={resend.error && errorTextOf(resend.error)}
          onConfirm={(code) => {
            const { email, phone, keepLoggedIn } = step.sent;
            verifySms.mutate({ email, phone, code, keepLoggedIn });
          }}
          onResend={() => resendRequest(step.sent)}
          onBack={backToForm}
        />
      );
      break;
    case 'signing-in':
      content = <SigningInStep />;
      break;
    case 'confirm-email':
      content = (
        <ConfirmEmailStep
          initialValues={formValues}
          onConfirm={({ email, phone, keepLoggedIn }, values) => {
            // A refused link leads back to the form, which then still holds what was typed.
            setFormValues(values);
            setStep({ kind: 'signing-in' });
            verifyLink.mutate({ email, phone, oobCode: step.oobCode, keepLoggedIn });
          }}
        />
      );
      break;
  }

  return (
    <LoginLayout logo={logo} termsUrl={termsUrl} privacyUrl={privacyUrl}>
      <Suspense fallback={<PageLoader />}>{content}</Suspense>
    </LoginLayout>
  );
}
