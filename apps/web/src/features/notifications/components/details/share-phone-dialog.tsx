import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { COUNTRIES, DEFAULT_PHONE_CODE, SharePhoneForm, type Country } from '@smt/shared';
import { useId } from 'react';
import { formSchemaOf } from '@/lib/form-schema';
import { countryOf, phoneFieldsOf } from '@/lib/phone-form';
import { useSchemaForm } from '@/lib/use-schema-form';
import { detailsTexts } from './details-texts';

const DEFAULT_COUNTRY = COUNTRIES.find((c) => c.dialCode === DEFAULT_PHONE_CODE) ?? null;
const countryLabel = (country: Country) => `${country.dialCode} ${country.name}`;

type SharePhoneDialogProps = {
  open: boolean;
  onClose: () => void;
  /** A valid phone in E.164. */
  onSend: (phone: string) => void;
};

const sharePhoneSchema = formSchemaOf(phoneFieldsOf, SharePhoneForm);

/** Asks for the traveller's phone (code +972 by default) to share with by WhatsApp. */
export function SharePhoneDialog({ open, onClose, onSend }: SharePhoneDialogProps) {
  const titleId = useId();
  const form = useSchemaForm({
    initial: { country: DEFAULT_COUNTRY?.code ?? '', phoneNum: '' },
    schema: sharePhoneSchema,
    submit: async (phone) => onSend(phone),
    onDone: () => undefined,
  });
  // One message, on the number: a missing code's first.
  const error = form.errorOf('phoneCode') ?? form.errorOf('phoneNum');
  const leaveNumber = () => {
    form.touch('phoneCode');
    form.touch('phoneNum');
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={form.onSubmit}>
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
              value={countryOf(form.values.country)}
              autoHighlight
              getOptionLabel={countryLabel}
              isOptionEqualToValue={(option, selected) => option.code === selected.code}
              onChange={(_event, next) => form.change({ country: next?.code ?? '' })}
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
              value={form.values.phoneNum}
              onChange={(event) => form.change({ phoneNum: event.target.value })}
              onBlur={leaveNumber}
              error={error !== undefined}
              helperText={error}
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
