import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DesignPropertiesBody, type DesignProperties } from '@smt/shared';
import { FormActions } from '@/components/management/form-actions';
import { useSnack } from '@/components/ui/snack';
import { useSaveDesignProperties } from '@/features/design-properties/api/save-design-properties';
import { formSchemaOf } from '@/lib/form-schema';
import { useSchemaForm } from '@/lib/use-schema-form';
import { DesignPreview } from './design-preview';
import { designPropertiesTexts as texts } from './design-properties-texts';

type DesignFormProps = {
  design: DesignProperties;
  /** Once the design is saved and read back. */
  onSaved: () => void;
};

const codeInput = { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off' } as const;

/** One agency's (or the default) header and footer HTML beside a live preview of them. */
export function DesignForm({ design, onSaved }: DesignFormProps) {
  const snack = useSnack();
  const save = useSaveDesignProperties();
  const form = useSchemaForm({
    initial: { header: design.header ?? '', footer: design.footer ?? '' },
    schema: formSchemaOf(
      (values: { header: string; footer: string }) => ({ ...values, agencyId: design.agencyId }),
      DesignPropertiesBody,
    ),
    submit: (body) =>
      save.mutateAsync({ agencyId: design.agencyId, header: body.header, footer: body.footer }),
    onDone: () => {
      snack.success(texts.saved);
      onSaved();
    },
  });
  // The hint says what an empty one shows instead, or how the HTML is cleaned.
  const htmlField = (field: 'header' | 'footer', minRows: number, empty: string) => (
    <TextField
      label={texts[field]}
      multiline
      minRows={minRows}
      maxRows={14}
      fullWidth
      {...form.textField(field)}
      helperText={
        form.errorOf(field) ?? (form.values[field].trim() === '' ? empty : texts.htmlHint)
      }
      slotProps={{ htmlInput: { ...codeInput, sx: { fontFamily: 'monospace' } } }}
    />
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack component="form" noValidate spacing={2} onSubmit={form.onSubmit}>
          {htmlField('header', 5, texts.headerEmpty)}
          {htmlField('footer', 4, texts.footerEmpty)}
          <FormActions form={form} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DesignPreview header={form.values.header} footer={form.values.footer} />
      </Grid>
    </Grid>
  );
}
