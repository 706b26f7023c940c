import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { ROUTES } from '@smt/shared';
import { useState } from 'react';
import { AgencySelect } from '@/components/management/agency-select';
import { FormPage } from '@/components/management/form-page';
import { LoadedContent } from '@/components/management/loaded-content';
import { useDesignProperties } from '@/features/design-properties/api/get-design-properties';
import { useAgencyChoices } from '@/lib/management/list-agency-choices';
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
    <FormPage title={ROUTES.designProperties.title} wide>
      <Stack spacing={3}>
        <AgencySelect
          agencies={agencies}
          value={agency}
          onChange={setAgency}
          emptyLabel={texts.defaultDesign}
        />
        <LoadedContent query={design} height={360} cantLoad={texts.cantLoad} variant="outlined">
          {(stored) => (
            <>
              {stored.inherited && <Alert severity="info">{texts.inherited(agencyName)}</Alert>}
              {/* A save is read back as stored (sanitised): the form starts again from it. */}
              <DesignForm
                key={`${agency}:${saves}`}
                design={stored}
                onSaved={() => setSaves((count) => count + 1)}
              />
            </>
          )}
        </LoadedContent>
      </Stack>
    </FormPage>
  );
}
