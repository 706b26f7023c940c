import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { COUNTRIES, SWITCH_USER_FORM_DEFAULTS, SwitchUserForm, type Country } from '@smt/shared';
import { useId } from 'react';
import { switchUser } from '@/features/impersonation/api/switch-user';
import { impersonationTexts } from '@/features/impersonation/utils/impersonation-texts';
import { reloadAsNewSession } from '@/features/impersonation/utils/reload-as-new-session';
import { formSchemaOf } from '@/lib/form-schema';
import { countryOf, phoneFieldsOf } from '@/lib/phone-form';
import { useSchemaForm } from '@/lib/use-schema-form';

const DEFAULT_COUNTRY =
  COUNTRIES.find((c) => c.dialCode === SWITCH_USER_FORM_DEFAULTS.phoneCode) ?? null;
const countryLabel = (country: Country) => `${country.dialCode} ${country.name}`;

type SwitchUserDialogProps = { open: boolean; onClose: () => void };

const switchUserSchema = formSchemaOf(phoneFieldsOf, SwitchUserForm);

/** Asks the phone of the user to act as, with the login's phone rules (SPEC §5). */
export function SwitchUserDialog({ open, onClose }: SwitchUserDialogProps) {
  const titleId = useId();
  const form = useSchemaForm({
    initial: { country: DEFAULT_COUNTRY?.code ?? '', phoneNum: '' },
    schema: switchUserSchema,
    submit: async ({ username }) => {
      reloadAsNewSession(await switchUser(username));
      // The page reloads as the other user: the form stays busy until it has.
      await new Promise(() => undefined);
    },
    onDone: () => undefined,
  });
  const country = countryOf(form.values.country);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={form.onSubmit}>
        <DialogTitle id={titleId}>{impersonationTexts.dialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{impersonationTexts.dialogText}</DialogContentText>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Autocomplete
              options={COUNTRIES}
              value={country}
              autoHighlight
              getOptionLabel={countryLabel}
              isOptionEqualToValue={(option, selected) => option.code === selected.code}
              onChange={(_event, next) => form.change({ country: next?.code ?? '' })}
              onBlur={() => form.touch('phoneCode')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={impersonationTexts.phoneCode}
                  required
                  error={form.errorOf('phoneCode') !== undefined}
                  helperText={form.errorOf('phoneCode')}
                />
              )}
            />
            <TextField
              label={impersonationTexts.phoneNumber}
              type="tel"
              autoComplete="off"
              required
              autoFocus
              {...form.textField('phoneNum')}
            />
          </Box>
          {form.submitError !== undefined && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {form.submitError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{impersonationTexts.cancel}</Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {impersonationTexts.switchUser}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
