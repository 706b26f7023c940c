import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { ROUTES, type ManagedUser } from '@smt/shared';
import { useState, type ReactNode } from 'react';
import { AddLinkButton } from '@/components/management/add-link-button';
import { FormDialog } from '@/components/management/form-dialog';
import type { ManagementColumn } from '@/components/management/management-columns';
import { ManagementListPage } from '@/components/management/management-list-page';
import { RowActions } from '@/components/management/row-actions';
import { statusColumn } from '@/components/management/status-column';
import { updateUserActivation, usersApi } from '@/features/users/api/users-api';
import { roleChoicesFor, type RoleGiver } from '@/features/users/utils/role-choices';
import type { UserSearch } from '@/features/users/utils/user-search';
import { useManagementMutation } from '@/lib/management/management-request';
import { managementTexts, ROLE_LABEL } from '@/lib/management/management-texts';
import { useManagedList } from '@/lib/management/use-managed-list';
import { UserFilters } from './user-filters';
import { UserForm } from './user-form';

type UsersPageProps = {
  roleGiver: RoleGiver;
  /** The add-user page, when the caller may open it; others add from a dialog here. */
  addPath?: string | undefined;
  /** More actions of a row that the app composes in (switching to the user). */
  rowExtra?: (user: ManagedUser) => ReactNode;
  /** The signed-in user's own accounts (and the one they act as): never deleted from here. */
  ownIds?: readonly number[];
};

const roleText = (user: ManagedUser) => user.roles.map((role) => ROLE_LABEL[role]).join(', ');

/**
 * The user list (SPEC §2.11, §6): name, e-mail, device number, role, the enabled and activated
 * switches, edit and delete; managers add their agency's users here (docs/decisions/017).
 */
export function UsersPage({ roleGiver, addPath, rowExtra, ownIds = [] }: UsersPageProps) {
  const { search, applySearch, listed } = useManagedList<UserSearch, ManagedUser>(
    usersApi.listQuery,
    {},
  );
  const status = useManagementMutation(usersApi.updateStatus);
  const activation = useManagementMutation(updateUserActivation);
  const remove = useManagementMutation(usersApi.remove);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [adding, setAdding] = useState(false);
  const roles = roleChoicesFor(roleGiver);
  // The server refuses it too; the list does not offer it: one's own account is neither
  // deleted nor switched off from here, and each control says why.
  const refusalOf = (row: ManagedUser) =>
    ownIds.includes(row.id) ? managementTexts.notYourself : undefined;

  const columns: ManagementColumn<ManagedUser>[] = [
    { key: 'name', label: managementTexts.name, value: (row) => row.name },
    { key: 'email', label: managementTexts.email, value: (row) => row.email },
    { key: 'deviceNumber', label: managementTexts.deviceNumber, value: (row) => row.deviceNumber },
    { key: 'role', label: managementTexts.role, value: roleText },
    { key: 'agency', label: managementTexts.agency, value: (row) => row.agencyName ?? '' },
    { key: 'branch', label: managementTexts.branch, value: (row) => row.branchPcc ?? '' },
    statusColumn(
      'enabled',
      (row, enabled) => status.mutateAsync({ userId: row.id, enabled }),
      refusalOf,
    ),
    statusColumn(
      'activated',
      (row, activated) => activation.mutateAsync({ userId: row.id, activated }),
      refusalOf,
    ),
  ];

  const addAction = addPath ? (
    <AddLinkButton to={addPath} label={ROUTES.addUser.title} />
  ) : (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      {ROUTES.addUser.title}
    </Button>
  );

  return (
    <>
      <ManagementListPage
        title={ROUTES.users.title}
        addAction={addAction}
        search={<UserFilters roles={roles} onSearch={applySearch} />}
        {...listed}
        columns={columns}
        nameOf={(row) => row.name}
        actions={(row) => (
          <>
            {rowExtra?.(row)}
            <RowActions
              name={row.name}
              onEdit={() => setEditing(row)}
              onDelete={() => remove.mutateAsync({ userId: row.id })}
              deletedText={managementTexts.deleted('User')}
              deleteRefusal={refusalOf(row)}
            />
          </>
        )}
        onDownload={() => usersApi.downloadCsv(search)}
        loadFailed={managementTexts.cantLoad('users')}
      />
      <FormDialog
        open={editing !== null}
        title={managementTexts.editOf(editing?.name ?? '')}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <UserForm
            user={editing}
            roleGiver={roleGiver}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <FormDialog open={adding} title={ROUTES.addUser.title} onClose={() => setAdding(false)}>
        {adding && (
          <UserForm
            roleGiver={roleGiver}
            onDone={() => setAdding(false)}
            onCancel={() => setAdding(false)}
          />
        )}
      </FormDialog>
    </>
  );
}
