import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ProfileForm as ProfileFormSchema, type AccountProfile } from '@smt/shared';
import { useSnack } from '@/components/ui/snack';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { accountTexts } from '@/features/account/utils/account-texts';
import { formSchemaOf } from '@/lib/form-schema';
import { useSchemaForm } from '@/lib/use-schema-form';

type ProfileFormProps = {
  profile: AccountProfile;
  /** The name or the session changed: whatever shows them reads them again. */
  onSaved: () => void;
};

/**
 * Name, the e-mail and device number shown but not edited, and keep-logged-in (SPEC §2.10,
 * §5). 'Update User' waits for a change and for the last save to end.
 */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const snack = useSnack();
  const update = useUpdateProfile();
  const form = useSchemaForm({
    initial: { name: profile.name, keepLoggedIn: profile.keepLoggedIn },
    schema: formSchemaOf(
      (values: { name: string; keepLoggedIn: boolean }) => ({
        ...values,
        email: profile.email,
        deviceNumber: profile.deviceNumber,
      }),
      ProfileFormSchema,
    ),
    submit: ({ name, keepLoggedIn }) => update.mutateAsync({ name, keepLoggedIn }),
    onDone: () => {
      snack.success(accountTexts.updated);
      onSaved();
    },
  });
  const keepLoggedIn = form.values.keepLoggedIn;

  return (
    <Box component="form" noValidate onSubmit={form.onSubmit}>
      <Stack spacing={2}>
        <TextField
          label={accountTexts.name}
          autoComplete="name"
          required
          {...form.textField('name')}
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
                onChange={(event) => form.change({ keepLoggedIn: event.target.checked })}
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
        {form.submitError !== undefined && <Alert severity="error">{form.submitError}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.canSubmit}
            loading={form.submitting}
          >
            {accountTexts.updateUser}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
