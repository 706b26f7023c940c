import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BookingType,
  connectionHelpTexts,
  CreatePnrBody,
  ROUTES,
  type CreatePnrResponse,
} from '@smt/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChoiceSelect } from '@/components/management/choice-select';
import { ManagementForm } from '@/components/management/management-form';
import { OrganisationPlaceFields } from '@/components/management/organisation-place-fields';
import { useCreatePnr } from '@/features/create-pnr/api/create-pnr';
import { useConnectionChoices } from '@/lib/management/list-connection-choices';
import { useSchemaForm } from '@/lib/use-schema-form';
import { createPnrTexts as texts } from './create-pnr-texts';
import { ReservationSystemSelect } from './reservation-system-select';

type CreatePnrFormProps = {
  onCreated: (created: CreatePnrResponse) => void;
  /**
   * Production: the booking goes through the agency's real connection, never the simulator
   * (docs/decisions/054), which the server takes when no connection is named.
   */
  realConnectionNeeded?: boolean;
};

// A starting point the super user edits: a near departure inside the ticketing window.
const INITIAL = {
  agencyId: '',
  branchId: '',
  agentId: '',
  type: 'REGULAR',
  departsInDays: '21',
  ticketingDueInHours: '24',
  firstName: '',
  lastName: '',
  from: 'TLV',
  to: 'LHR',
  airline: 'LY',
  flightNumber: '315',
  // Empty: the agency's simulator (in production its real connection), as the server takes it.
  connectionId: '',
};

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

// Two fields side by side from 'sm' up, one above the other on a phone.
function Pair({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {children}
    </Box>
  );
}

/** The booking to make: for whom, when it flies and is due, who flies where. */
export function CreatePnrForm({ onCreated, realConnectionNeeded = false }: CreatePnrFormProps) {
  const create = useCreatePnr();
  const form = useSchemaForm({
    initial: INITIAL,
    schema: CreatePnrBody,
    submit: async (body) => onCreated(await create.mutateAsync(body)),
    onDone: () => undefined,
  });
  const upper = { htmlInput: { autoCapitalize: 'characters', autoComplete: 'off' } };
  const agencyId = form.values.agencyId === '' ? null : Number(form.values.agencyId);
  const connections = useConnectionChoices(agencyId);
  const live = connections.data ?? [];
  const real = live.filter((each) => each.provider !== 'SIMULATOR');
  const offered = realConnectionNeeded ? real : live;
  // Naming none books in the simulator, or in production in the agency's real connection.
  const chosen =
    offered.find((each) => String(each.id) === form.values.connectionId) ??
    (realConnectionNeeded ? real[0] : undefined);
  const onDuffel = chosen?.provider === 'DUFFEL';
  const unconnected = realConnectionNeeded && connections.isSuccess && real.length === 0;
  const ticketing = form.textField('ticketingDueInHours');
  // Names and codes, as the GDS has them.
  const upperField = (field: 'firstName' | 'lastName' | 'from' | 'to' | 'airline') => (
    <TextField label={texts[field]} required {...form.textField(field)} slotProps={upper} />
  );

  return (
    <ManagementForm form={form} spacing={3}>
      <Group title={texts.owner}>
        <OrganisationPlaceFields
          depth="agent"
          value={form.values}
          // Another agency has other connections: back to the one the server takes.
          onChange={(owner) =>
            form.change(
              owner.agencyId === form.values.agencyId ? owner : { ...owner, connectionId: '' },
            )
          }
          onBlur={(field) => form.touch(field)}
          errorOf={(field) => form.errorOf(field)}
        />
      </Group>
      <Group title={texts.booking}>
        {unconnected && (
          <Alert
            severity="warning"
            action={
              <Button component={RouterLink} to={ROUTES.connections.path} color="inherit">
                {ROUTES.connections.title}
              </Button>
            }
          >
            {connectionHelpTexts.noRealConnection}
          </Alert>
        )}
        <ReservationSystemSelect
          connections={offered}
          value={form.values.connectionId}
          onChange={(connectionId) => form.change({ connectionId })}
          error={form.errorOf('connectionId')}
        />
        <ChoiceSelect
          label={texts.type}
          name="type"
          value={form.values.type}
          choices={BookingType.options.map((type) => ({ value: type, label: type }))}
          onChange={(type) => form.change({ type })}
          required
        />
        <Pair>
          <TextField
            label={texts.departsInDays}
            type="number"
            required
            {...form.textField('departsInDays')}
          />
          <TextField
            label={texts.ticketingDueInHours}
            type="number"
            required
            {...ticketing}
            helperText={ticketing.helperText ?? (onDuffel ? texts.airlineSetsDeadline : undefined)}
          />
        </Pair>
      </Group>
      <Group title={texts.passenger}>
        <Pair>
          {upperField('firstName')}
          {upperField('lastName')}
        </Pair>
      </Group>
      <Group title={texts.flight}>
        <Pair>
          {upperField('from')}
          {upperField('to')}
        </Pair>
        <Pair>
          {upperField('airline')}
          <TextField
            label={texts.flightNumber}
            required
            {...form.textField('flightNumber')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </Pair>
      </Group>
    </ManagementForm>
  );
}
