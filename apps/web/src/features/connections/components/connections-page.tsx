import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { PROVIDER_LABELS, ROUTES, type ConnectionItem } from '@smt/shared';
import { useState } from 'react';
import { AgencySelect } from '@/components/management/agency-select';
import { FormDialog } from '@/components/management/form-dialog';
import type { ManagementColumn } from '@/components/management/management-columns';
import { PageHeader } from '@/components/ui/page-header';
import { useDisconnectConnection } from '@/features/connections/api/connections-disconnect';
import { useConnectionList } from '@/features/connections/api/connections-list';
import { useTestConnection } from '@/features/connections/api/connections-test-connection';
import { isRefusedFor } from '@/lib/api-client';
import { useAgencyChoices } from '@/lib/management/list-agency-choices';
import { managementTexts } from '@/lib/management/management-texts';
import { ConnectDialog } from './connect-dialog';
import { ConnectDuffelForm } from './connect-duffel-form';
import { ConnectSabreForm } from './connect-sabre-form';
import { ConnectionActions } from './connection-actions';
import { ConnectionEditForm } from './connection-edit-form';
import { ConnectionLastTest } from './connection-last-test';
import { ConnectionWebhook } from './connection-webhook';
import { ConnectionsList } from './connections-list';
import { connectionsTexts as texts } from './connections-texts';
import { SabreEditForm } from './sabre-edit-form';
import { SabreSignIn } from './sabre-sign-in';

type ConnectionsPageProps = {
  /** Super users see and connect every agency; a manager only theirs (the server scopes). */
  superUser: boolean;
};

const nameOf = (row: ConnectionItem) => texts.nameOf(PROVIDER_LABELS[row.provider], row.agencyName);

/**
 * `/management/tools/connections` (issues 22 and 37): each agency's connections to reservation
 * systems, the simulator it starts on outside production, Duffel accounts and Sabre sign-ins;
 * connect, test, edit, disconnect.
 */
export function ConnectionsPage({ superUser }: ConnectionsPageProps) {
  const [agencyFilter, setAgencyFilter] = useState('');
  const agencies = useAgencyChoices(superUser);
  const list = useConnectionList(agencyFilter === '' ? null : Number(agencyFilter));
  const test = useTestConnection();
  const disconnect = useDisconnectConnection();
  const [connecting, setConnecting] = useState<'DUFFEL' | 'SABRE' | null>(null);
  const closeConnect = () => setConnecting(null);
  const [editing, setEditing] = useState<ConnectionItem | null>(null);
  const closeEdit = () => setEditing(null);
  // A 403 to the list is the caller's role, not a failure: connecting would be refused too.
  const refusal = isRefusedFor(list.error, 'connections.agency-only')
    ? list.error.message
    : undefined;

  const columns: ManagementColumn<ConnectionItem>[] = [
    { key: 'agency', label: texts.agency, value: (row) => row.agencyName },
    { key: 'provider', label: texts.provider, value: (row) => PROVIDER_LABELS[row.provider] },
    {
      key: 'status',
      label: texts.status,
      value: (row) =>
        row.status === 'ACTIVE' ? (
          <Chip size="small" color="success" label={texts.active} />
        ) : (
          <Chip size="small" variant="outlined" label={texts.disconnected} />
        ),
    },
    {
      key: 'signIn',
      label: texts.signIn,
      value: (row) => {
        if (row.provider === 'SABRE') return <SabreSignIn connection={row} />;
        if (row.tokenHint === null) return texts.none;
        // The hint is one word: '…' and its four characters never part.
        return (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {texts.tokenEnding(row.tokenHint)}
          </Box>
        );
      },
    },
    {
      key: 'branch',
      label: texts.defaultBranch,
      value: (row) => row.defaultBranchName ?? texts.none,
    },
    {
      key: 'metadataKey',
      label: texts.metadataKey,
      // The simulator and Sabre find agents by their sign in the GDS, not by order metadata.
      value: (row) => (row.provider === 'DUFFEL' ? row.agentMetadataKey : texts.none),
    },
    {
      key: 'webhook',
      label: texts.webhook,
      value: (row) =>
        row.webhookPath === null ? (
          texts.none
        ) : (
          <ConnectionWebhook path={row.webhookPath} name={nameOf(row)} />
        ),
    },
    {
      key: 'lastTest',
      label: texts.lastTest,
      value: (row) => <ConnectionLastTest test={row.lastTest} />,
    },
    {
      key: 'bookings',
      label: texts.bookingsMonitored,
      value: (row) => row.bookingsMonitored,
    },
  ];

  return (
    <>
      <Stack spacing={2}>
        <PageHeader title={ROUTES.connections.title}>
          {refusal === undefined && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setConnecting('DUFFEL')}
              >
                {texts.connectDuffel}
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setConnecting('SABRE')}
              >
                {texts.connectSabre}
              </Button>
            </Stack>
          )}
        </PageHeader>
        {superUser && (
          <Box sx={{ maxWidth: { sm: 360 } }}>
            <AgencySelect
              agencies={agencies}
              value={agencyFilter}
              onChange={setAgencyFilter}
              emptyLabel={texts.allAgencies}
              size="small"
            />
          </Box>
        )}
        <ConnectionsList
          label={ROUTES.connections.title}
          list={list}
          refusal={refusal}
          columns={columns}
          nameOf={nameOf}
          // A disconnected connection is history: nothing more to do with it.
          actions={(row) =>
            row.status === 'ACTIVE' && (
              <ConnectionActions
                name={nameOf(row)}
                onTest={() => test.mutateAsync({ connectionId: row.id })}
                onEdit={row.provider === 'SIMULATOR' ? undefined : () => setEditing(row)}
                onDisconnect={() => disconnect.mutateAsync({ connectionId: row.id })}
              />
            )
          }
        />
      </Stack>
      <ConnectDialog
        open={connecting === 'DUFFEL'}
        title={texts.connectDuffel}
        onClose={closeConnect}
      >
        {({ agencies, failed }) => (
          <ConnectDuffelForm
            agencies={agencies}
            agenciesFailed={failed}
            superUser={superUser}
            onDone={closeConnect}
            onCancel={closeConnect}
          />
        )}
      </ConnectDialog>
      <ConnectDialog
        open={connecting === 'SABRE'}
        title={texts.connectSabre}
        onClose={closeConnect}
      >
        {({ agencies, failed }) => (
          <ConnectSabreForm
            agencies={agencies}
            agenciesFailed={failed}
            superUser={superUser}
            onDone={closeConnect}
            onCancel={closeConnect}
          />
        )}
      </ConnectDialog>
      <FormDialog
        open={editing !== null}
        title={managementTexts.editOf(editing ? nameOf(editing) : '')}
        onClose={closeEdit}
      >
        {editing?.provider === 'SABRE' && (
          <SabreEditForm connection={editing} onDone={closeEdit} onCancel={closeEdit} />
        )}
        {editing?.provider === 'DUFFEL' && (
          <ConnectionEditForm connection={editing} onDone={closeEdit} onCancel={closeEdit} />
        )}
      </FormDialog>
    </>
  );
}
