import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessages, ProfileForm as ProfileFormSchema, type AccountProfile } from '@smt/shared';
import { useState, type FormEvent } from 'react';
import { useSnack } from '@/components/ui/snack';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { accountTexts } from '@/features/account/utils/account-texts';
import { ApiError } from '@/lib/api-client';

type ProfileFormProps = {
  profile: AccountProfile;
  /** The name or the session changed: whatever shows them reads them again. */
  onSaved: () => void;
};

// A refused save says why in the server's words; anything else is the product's own text.
const submitErrorText = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : errorMessages.submitFailed;

/**
 * Name, the e-mail and device number shown but not edited, and keep-logged-in (SPEC §2.10,
 * §5). 'Update User' waits for a change and for the last save to end.
 */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const snack = useSnack();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name);
  const [keepLoggedIn, setKeepLoggedIn] = useState(profile.keepLoggedIn);
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string>();

  const parsed = ProfileFormSchema.safeParse({
    name,
    email: profile.email,
    deviceNumber: profile.deviceNumber,
    keepLoggedIn,
  });
  const nameError = touched
    ? parsed.error?.issues.find((issue) => issue.path[0] === 'name')?.message
    : undefined;
  const changed = name !== profile.name || keepLoggedIn !== profile.keepLoggedIn;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || update.isPending) return;
    setSubmitError(undefined);
    update.mutate(
      { name: parsed.data.name, keepLoggedIn },
      {
        onSuccess: () => {
          snack.success(accountTexts.updated);
          onSaved();
        },
        onError: (error) => setSubmitError(submitErrorText(error)),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label={accountTexts.name}
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setSubmitError(undefined);
          }}
          onBlur={() => setTouched(true)}
          error={nameError !== undefined}
          helperText={nameError}
        />
        <TextField label={accountTexts.email} value={profile.email} disabled required />
        <TextField
          label={accountTexts.deviceNumber}
          value={profile.deviceNumber}
          disabled
          required
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={keepLoggedIn}
                onChange={(event) => {
                  setKeepLoggedIn(event.target.checked);
                  setSubmitError(undefined);
                }}
              />
            }
            label={accountTexts.keepLoggedIn}
          />
          {keepLoggedIn && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {accountTexts.keepLoggedInWarning}
            </Alert>
          )}
        </Box>
        {submitError !== undefined && <Alert severity="error">{submitError}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!changed || update.isPending}
            loading={update.isPending}
          >
            {accountTexts.updateUser}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
