import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { COUNTRIES, DEFAULT_PHONE_CODE, type Country } from '@smt/shared';
import { useId, useState, type FormEvent } from 'react';
import { detailsTexts } from './details-texts';
import { checkSharePhone } from './share-phone-validation';

const DEFAULT_COUNTRY = COUNTRIES.find((c) => c.dialCode === DEFAULT_PHONE_CODE) ?? null;
const countryLabel = (country: Country) => `${country.dialCode} ${country.name}`;

type SharePhoneDialogProps = {
  open: boolean;
  onClose: () => void;
  /** A valid phone in E.164. */
  onSend: (phone: string) => void;
};

/** Asks for the traveller's phone (code +972 by default) to share with by WhatsApp. */
export function SharePhoneDialog({ open, onClose, onSend }: SharePhoneDialogProps) {
  const titleId = useId();
  const [country, setCountry] = useState<Country | null>(DEFAULT_COUNTRY);
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const check = checkSharePhone(country?.dialCode ?? '', number);
  const error = touched ? check.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.phone !== null) onSend(check.phone);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{detailsTexts.phoneDialogTitle}</DialogTitle>
        <DialogContent>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              pt: 1,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            <Autocomplete
              options={COUNTRIES}
              value={country}
              autoHighlight
              getOptionLabel={countryLabel}
              isOptionEqualToValue={(option, selected) => option.code === selected.code}
              onChange={(_event, next) => setCountry(next)}
              renderInput={(params) => (
                <TextField {...params} label={detailsTexts.phoneCode} required />
              )}
            />
            <TextField
              label={detailsTexts.phoneNumber}
              type="tel"
              autoComplete="tel-national"
              required
              autoFocus
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              onBlur={() => setTouched(true)}
              error={error !== null}
              helperText={error ?? undefined}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{detailsTexts.cancel}</Button>
          <Button type="submit" variant="contained">
            {detailsTexts.send}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
