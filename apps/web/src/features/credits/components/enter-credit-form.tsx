import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CreditCreateBody } from '@smt/shared';
import { DayField } from '@/components/ui/day-field';
import { useSnack } from '@/components/ui/snack';
import { useEnterCredit } from '@/features/credits/api/enter-credit';
import { creditTexts } from '@/features/credits/utils/credit-texts';
import { useSchemaForm } from '@/lib/use-schema-form';

const EMPTY = {
  pnrNumber: '',
  passengerName: '',
  airline: '',
  amount: '',
  currency: '',
  expiresOn: '',
  reference: '',
};

const CODE_INPUT = { htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } } as const;
const AMOUNT_INPUT = { htmlInput: { inputMode: 'decimal', autoComplete: 'off' } } as const;

type EnterCreditFormProps = { onDone: () => void; onCancel: () => void };

/**
 * A credit an airline gave a passenger of one of the agent's bookings, checked by the schema the
 * server reads it with: the booking's PNR, the name as the PNR has it, airline, amount and its
 * currency, the last day it can be used and the airline's reference where there is one.
 */
export function EnterCreditForm({ onDone, onCancel }: EnterCreditFormProps) {
  const snack = useSnack();
  const enter = useEnterCredit();
  const form = useSchemaForm({
    initial: EMPTY,
    schema: CreditCreateBody,
    submit: (credit) => enter.mutateAsync(credit),
    onDone: () => {
      snack.success(creditTexts.entered);
      onDone();
    },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit} sx={{ pt: 1 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          label={creditTexts.pnr}
          required
          {...form.textField('pnrNumber')}
          slotProps={CODE_INPUT}
        />
        <TextField
          size="small"
          label={creditTexts.airline}
          required
          {...form.textField('airline')}
          slotProps={CODE_INPUT}
        />
        <TextField
          size="small"
          label={creditTexts.passengerName}
          required
          {...form.textField('passengerName')}
          slotProps={CODE_INPUT}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          size="small"
          label={creditTexts.amount}
          required
          {...form.textField('amount')}
          slotProps={AMOUNT_INPUT}
        />
        <TextField
          size="small"
          label={creditTexts.currency}
          required
          {...form.textField('currency')}
          slotProps={CODE_INPUT}
        />
        <DayField
          label={`${creditTexts.expiresOn} *`}
          value={form.values.expiresOn}
          onChange={(expiresOn) => form.change({ expiresOn })}
          onBlur={() => form.touch('expiresOn')}
          error={form.errorOf('expiresOn')}
          fullWidth
        />
        <TextField
          size="small"
          label={creditTexts.referenceOptional}
          {...form.textField('reference')}
        />
      </Box>
      {form.submitError !== undefined && <Alert severity="error">{form.submitError}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{creditTexts.cancel}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!form.canSubmit}
          loading={form.submitting}
        >
          {creditTexts.submit}
        </Button>
      </Stack>
    </Stack>
  );
}
