import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { ROUTES, type ManagedUser } from '@smt/shared';
import { useState, type ReactNode } from 'react';
import { deleteUser } from '@/features/management/api/delete-user';
import { downloadUserCsv } from '@/features/management/api/download-user-csv';
import { useUserList } from '@/features/management/api/get-user-list';
import { useManagementMutation } from '@/features/management/api/management-request';
import { updateUserActivation } from '@/features/management/api/update-user-activation';
import { updateUserStatus } from '@/features/management/api/update-user-status';
import { useManagedList } from '@/features/management/hooks/use-managed-list';
import type { UserSearch } from '@/features/management/utils/list-search';
import { managementTexts, ROLE_LABEL } from '@/features/management/utils/management-texts';
import { roleChoicesFor, type RoleGiver } from '@/features/management/utils/role-choices';
import { AddLinkButton } from '../add-link-button';
import { statusColumn } from '../status-column';
import { FormDialog } from '../form-dialog';
import type { ManagementColumn } from '../management-columns';
import { ManagementListPage } from '../management-list-page';
import { RowActions } from '../row-actions';
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
  const { search, applySearch, listed } = useManagedList<UserSearch, ManagedUser>(useUserList, {});
  const status = useManagementMutation(updateUserStatus);
  const activation = useManagementMutation(updateUserActivation);
  const remove = useManagementMutation(deleteUser);
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
        onDownload={() => downloadUserCsv(search)}
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
