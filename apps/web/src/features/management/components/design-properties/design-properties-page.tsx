import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@smt/shared';
import { useState } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useDesignProperties } from '@/features/management/api/get-design-properties';
import { useAgencyChoices } from '@/features/management/api/list-agency-choices';
import { managementTexts } from '@/features/management/utils/management-texts';
import { ChoiceSelect } from '../choice-select';
import { DesignForm } from './design-form';
import { designPropertiesTexts as texts } from './design-properties-texts';

/**
 * `/management/tools/design-properties` (SPEC §2.11, §2.12): the public page's header and
 * footer, per agency or the default.
 */
export function DesignPropertiesPage() {
  const [agency, setAgency] = useState('');
  const [saves, setSaves] = useState(0);
  const agencyId = agency === '' ? null : Number(agency);
  const agencies = useAgencyChoices();
  const design = useDesignProperties(agencyId);
  const agencyName = agencies.data?.find((item) => item.id === agencyId)?.name ?? '';

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {ROUTES.designProperties.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <ChoiceSelect
            label={texts.agency}
            name="agencyId"
            value={agency}
            emptyLabel={texts.defaultDesign}
            choices={(agencies.data ?? []).map((item) => ({
              value: String(item.id),
              label: item.name,
            }))}
            onChange={setAgency}
            loading={agencies.isPending}
            failed={agencies.isError}
          />
          {design.isPending ? (
            <Skeleton
              variant="rounded"
              height={360}
              role="progressbar"
              aria-label={managementTexts.loading}
            />
          ) : design.isError ? (
            <RetryAlert
              variant="outlined"
              message={texts.cantLoad}
              retrying={design.isFetching}
              onRetry={() => void design.refetch()}
            />
          ) : (
            <>
              {design.data.inherited && (
                <Alert severity="info">{texts.inherited(agencyName)}</Alert>
              )}
              {/* A save is read back as stored (sanitised): the form starts again from it. */}
              <DesignForm
                key={`${agency}:${saves}`}
                design={design.data}
                onSaved={() => setSaves((count) => count + 1)}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
