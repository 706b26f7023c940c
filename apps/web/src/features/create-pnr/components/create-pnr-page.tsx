import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ROUTES, type CreatePnrResponse } from '@smt/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormPage } from '@/components/management/form-page';
import { CreatePnrForm } from './create-pnr-form';
import { createPnrTexts as texts } from './create-pnr-texts';

type CreatePnrPageProps = {
  /** Production: bookings only through a real connection (docs/decisions/054). */
  realConnectionNeeded?: boolean;
};

/** `/management/tools/create-pnr`: the form, then the new PNR with a way to its info. */
export function CreatePnrPage({ realConnectionNeeded = false }: CreatePnrPageProps) {
  const [created, setCreated] = useState<CreatePnrResponse | null>(null);
  const [round, setRound] = useState(0);

  return (
    <FormPage title={ROUTES.createPnr.title}>
      {created ? (
        <Stack spacing={2}>
          <Alert severity="success">{texts.created(created.pnrNumber)}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              component={RouterLink}
              to={`${ROUTES.pnrInfo.path}?pnrNumber=${encodeURIComponent(created.pnrNumber)}`}
              variant="contained"
            >
              {texts.openInfo}
            </Button>
            <Button
              onClick={() => {
                setCreated(null);
                setRound((current) => current + 1);
              }}
            >
              {texts.addAnother}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <CreatePnrForm
          key={round}
          onCreated={setCreated}
          realConnectionNeeded={realConnectionNeeded}
        />
      )}
    </FormPage>
  );
}
