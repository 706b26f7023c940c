import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CreditReprices,
  PROCESS_FIELDS,
  PROCESS_LABELS,
  PROCESS_PARAM_FIELDS,
  ProcessSettingsCreateBody,
  ProcessSettingsUpdateBody,
  SETTINGS_PROCESSES,
  type ProcessParamField,
  type ProcessSettingsValues,
  type SettingsProcess,
} from '@smt/shared';
import { useId } from 'react';
import { ChoiceSelect } from '@/components/management/choice-select';
import { ManagementForm } from '@/components/management/management-form';
import { useSnack } from '@/components/ui/snack';
import { useCreateProcessSettings } from '@/features/process-settings/api/create-process-settings';
import { useUpdateProcessSettings } from '@/features/process-settings/api/update-process-settings';
import { branchLabel, choicesOf } from '@/lib/management/choice-labels';
import { useBranchChoices } from '@/lib/management/list-branch-choices';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formValuesOf } from './process-settings-form-values';
import { processSettingsTexts as texts } from './process-settings-texts';

/** Whose settings: a new branch's (chosen in the form), one branch's, or the default's. */
export type SettingsTarget =
  { kind: 'add' } | { kind: 'branch'; branchId: number } | { kind: 'default' };

type ProcessSettingsFormProps = {
  target: SettingsTarget;
  /** What the form starts from: the branch's settings, or the default for a new one. */
  values: ProcessSettingsValues;
  onDone: () => void;
  onCancel?: () => void;
};

const numberInput = { inputMode: 'numeric', autoComplete: 'off' } as const;
const decimalInput = { inputMode: 'decimal', autoComplete: 'off' } as const;
const listInput = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false } as const;
const currencyInput = { ...listInput, maxLength: 3 } as const;
const CREDIT_REPRICES_CHOICES = CreditReprices.options.map((value) => ({
  value,
  label: texts.creditReprices[value],
}));
/** A process's own fields: two to a row on a wider screen, one under another on a phone. */
const paramGrid = {
  mt: 2,
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;

/**
 * Which processes run and how often, and each process's own thresholds and choices (the
 * reprice minimum saving, the ticketing window, ...), checked by the schema the server parses
 * them with.
 */
export function ProcessSettingsForm({
  target,
  values,
  onDone,
  onCancel,
}: ProcessSettingsFormProps) {
  const snack = useSnack();
  const formId = useId();
  const adding = target.kind === 'add';
  const branches = useBranchChoices(null, adding);
  const create = useCreateProcessSettings();
  const update = useUpdateProcessSettings();
  const form = useSchemaForm({
    initial: {
      branchId: target.kind === 'branch' ? String(target.branchId) : '',
      ...formValuesOf(values),
    },
    // Adding needs a branch; an edit without one is the default's.
    schema: adding ? ProcessSettingsCreateBody : ProcessSettingsUpdateBody,
    submit: ({ branchId, ...fields }) =>
      adding && branchId !== undefined
        ? create.mutateAsync({ ...fields, branchId })
        : update.mutateAsync({ ...fields, branchId: branchId ?? null }),
    onDone: () => {
      snack.success(target.kind === 'default' ? texts.defaultSaved : texts.saved);
      onDone();
    },
  });

  const paramField = (field: ProcessParamField) => {
    const { label, hint } = texts.params[field];
    const value = form.values[field];
    const error = form.errorOf(field);
    if (typeof value === 'boolean') {
      const hintId = `${formId}-${field}-hint`;
      return (
        <Box key={field} sx={{ gridColumn: '1 / -1' }}>
          {/* In line with the process's own switch above it, the hint under its label. */}
          <FormControlLabel
            label={label}
            sx={{ ml: 0, mr: 0 }}
            control={
              <Switch
                name={field}
                checked={value}
                onChange={(event) => form.change({ [field]: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': hintId } }}
              />
            }
          />
          <FormHelperText id={hintId} error={error !== undefined} sx={{ mt: 0, ml: 7.25 }}>
            {error ?? hint}
          </FormHelperText>
        </Box>
      );
    }
    if (field === 'creditReprices') {
      return (
        <ChoiceSelect
          key={field}
          label={label}
          size="small"
          {...form.choiceField(field)}
          choices={CREDIT_REPRICES_CHOICES}
          required
          hint={hint}
        />
      );
    }
    if (field === 'reissueFee' || field === 'reissueFeeCurrency') {
      return (
        <TextField
          key={field}
          label={label}
          size="small"
          required={field === 'reissueFeeCurrency'}
          fullWidth
          {...form.textField(field)}
          helperText={error ?? hint}
          slotProps={{ htmlInput: field === 'reissueFee' ? decimalInput : currencyInput }}
        />
      );
    }
    if (field === 'connectionOverrides') {
      // A list of airports: the row's whole width, a line more as it grows, blank for none.
      return (
        <TextField
          key={field}
          label={label}
          size="small"
          fullWidth
          multiline
          maxRows={4}
          sx={{ gridColumn: '1 / -1' }}
          {...form.textField(field)}
          helperText={error ?? hint}
          slotProps={{ htmlInput: listInput }}
        />
      );
    }
    return (
      <TextField
        key={field}
        label={label}
        size="small"
        required
        fullWidth
        {...form.textField(field)}
        helperText={error ?? hint}
        slotProps={{ htmlInput: numberInput }}
      />
    );
  };

  const processFields = (process: SettingsProcess) => {
    const { enabled, interval } = PROCESS_FIELDS[process];
    const label = PROCESS_LABELS[process];
    return (
      <Box
        key={process}
        role="group"
        aria-label={label}
        sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <FormControlLabel
            label={label}
            sx={{ flex: 1, minWidth: 0, mr: 0 }}
            control={
              <Switch
                name={enabled}
                checked={form.values[enabled]}
                onChange={(event) => form.change({ [enabled]: event.target.checked })}
                slotProps={{ input: { 'aria-label': `${label}: ${texts.active}` } }}
              />
            }
          />
          <TextField
            label={texts.checkEvery}
            size="small"
            required
            sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
            {...form.textField(interval)}
            slotProps={{
              htmlInput: { ...numberInput, 'aria-label': `${label}: ${texts.checkEvery}` },
            }}
          />
        </Stack>
        {(process === 'RP' || process === 'TD' || PROCESS_PARAM_FIELDS[process].length > 0) && (
          <Box sx={paramGrid}>
            {process === 'RP' && (
              <>
                <TextField
                  label={texts.savingAmount}
                  size="small"
                  fullWidth
                  {...form.textField('minSavingAmount')}
                  helperText={form.errorOf('minSavingAmount') ?? texts.savingHint}
                  slotProps={{ htmlInput: decimalInput }}
                />
                <TextField
                  label={texts.savingPercent}
                  size="small"
                  fullWidth
                  {...form.textField('minSavingPercent')}
                  slotProps={{ htmlInput: decimalInput }}
                />
              </>
            )}
            {process === 'TD' && (
              <TextField
                label={texts.windowHours}
                size="small"
                required
                fullWidth
                {...form.textField('ticketingWindowHours')}
                helperText={form.errorOf('ticketingWindowHours') ?? texts.windowHint}
                slotProps={{ htmlInput: numberInput }}
              />
            )}
            {PROCESS_PARAM_FIELDS[process].map(paramField)}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <ManagementForm form={form} onCancel={onCancel}>
      {adding && (
        <ChoiceSelect
          label={texts.branch}
          {...form.choiceField('branchId')}
          emptyLabel={texts.chooseBranch}
          choices={choicesOf(branches.data, branchLabel)}
          required
          loading={branches.isPending}
          failed={branches.isError}
        />
      )}
      <Box>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          {texts.activeProcesses}
        </Typography>
        {SETTINGS_PROCESSES.map(processFields)}
      </Box>
    </ManagementForm>
  );
}
