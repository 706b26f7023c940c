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
import {
  COUNTRIES,
  errorMessages,
  SWITCH_USER_FORM_DEFAULTS,
  SwitchUserForm,
  type Country,
} from '@smt/shared';
import { useId, useState, type FormEvent } from 'react';
import { switchUser } from '@/features/impersonation/api/switch-user';
import { impersonationTexts } from '@/features/impersonation/utils/impersonation-texts';
import { reloadAsNewSession } from '@/features/impersonation/utils/reload-as-new-session';
import { ApiError } from '@/lib/api-client';

const DEFAULT_COUNTRY =
  COUNTRIES.find((c) => c.dialCode === SWITCH_USER_FORM_DEFAULTS.phoneCode) ?? null;
const countryLabel = (country: Country) => `${country.dialCode} ${country.name}`;

// The server's words for a refusal (unknown phone, another agency); anything else is ours.
const submitErrorText = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : errorMessages.submitFailed;

type SwitchUserDialogProps = { open: boolean; onClose: () => void };

/** Asks the phone of the user to act as, with the login's phone rules (SPEC §5). */
export function SwitchUserDialog({ open, onClose }: SwitchUserDialogProps) {
  const titleId = useId();
  const [country, setCountry] = useState<Country | null>(DEFAULT_COUNTRY);
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState({ phoneCode: false, phoneNum: false });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string>();

  const parsed = SwitchUserForm.safeParse({ phoneCode: country?.dialCode ?? '', phoneNum: number });
  const errorOf = (field: 'phoneCode' | 'phoneNum') =>
    touched[field]
      ? parsed.error?.issues.find((issue) => issue.path[0] === field)?.message
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ phoneCode: true, phoneNum: true });
    if (!parsed.success || submitting) return;
    setSubmitting(true);
    setSubmitError(undefined);
    try {
      // The page reloads as the other user; nothing here is shown again.
      reloadAsNewSession(await switchUser(parsed.data.username));
    } catch (error) {
      setSubmitError(submitErrorText(error));
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
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
              onChange={(_event, next) => {
                setCountry(next);
                setSubmitError(undefined);
              }}
              onBlur={() => setTouched((current) => ({ ...current, phoneCode: true }))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={impersonationTexts.phoneCode}
                  required
                  error={errorOf('phoneCode') !== undefined}
                  helperText={errorOf('phoneCode')}
                />
              )}
            />
            <TextField
              label={impersonationTexts.phoneNumber}
              type="tel"
              autoComplete="off"
              required
              autoFocus
              value={number}
              onChange={(event) => {
                setNumber(event.target.value);
                setSubmitError(undefined);
              }}
              onBlur={() => setTouched((current) => ({ ...current, phoneNum: true }))}
              error={errorOf('phoneNum') !== undefined}
              helperText={errorOf('phoneNum')}
            />
          </Box>
          {submitError !== undefined && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {submitError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{impersonationTexts.cancel}</Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {impersonationTexts.switchUser}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
