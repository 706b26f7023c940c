import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  conflict,
  fieldsOf,
  page,
  serverError,
  stubManagementServer,
  user as managedUser,
} from '@/testing/management-test-server';
import { renderWithApp } from '@/testing/render-app';
import { UsersPage } from './users-page';

const PLACES = {
  listAgencies: { body: [{ id: 1, name: 'Sky Tours' }] },
  listBranches: { body: [{ id: 7, pcc: 'A1B2', name: 'Downtown' }] },
  listAgents: { body: [{ id: 21, initials: 'DL', name: 'Dana Levi' }] },
};

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

// Long userEvent walks through whole forms.
describe('UsersPage', { timeout: 20_000 }, () => {
  it('should show each user with role and both switches when the list loads', async () => {
    stubManagementServer({
      userList: page([managedUser(3, { name: 'Dana Levi', activated: false })]),
    });
    renderWithApp(<UsersPage roleGiver="superUser" addPath="/management/tools/add-user" />);

    const table = await screen.findByRole('table', { name: 'Users' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.slice(0, 6).map((cell) => cell.textContent)).toEqual([
      'Dana Levi',
      'user3@demo.test',
      '+972500000003',
      'Agent',
      'Agency 1',
      'PC7',
    ]);
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'Activated: Dana Levi' }).checked,
    ).toBe(false);
    expect(screen.getByRole('link', { name: 'Add user' }).getAttribute('href')).toBe(
      '/management/tools/add-user',
    );
  });

  it('should send the searched fields and the role when the filters are applied', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({ userList: page([managedUser(3)]) });
    renderWithApp(<UsersPage roleGiver="agency" />);

    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByRole('searchbox', { name: 'Email' }), 'dana@');
    await user.type(screen.getByRole('searchbox', { name: 'Device number' }), '+97250');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Branch manager');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(server.to('userList')).toHaveLength(2));
    expect(fieldsOf(server.to('userList')[1]!.query)).toEqual({
      email: 'dana@',
      deviceNumber: '+97250',
      role: 'ROLE_SA_BRANCH_MANAGER_USER',
      offset: '0',
      limit: '20',
    });
  });

  it('should post the activation when the activated switch is pressed', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      userList: page([managedUser(3, { name: 'Dana Levi', activated: false })]),
      userUpdateActivation: {},
    });
    renderWithApp(<UsersPage roleGiver="superUser" />);

    await user.click(await screen.findByRole('switch', { name: 'Activated: Dana Levi' }));

    expect(await screen.findByText('Dana Levi activated')).toBeTruthy();
    expect(server.to('userUpdateActivation').map((request) => fieldsOf(request.form))).toEqual([
      { userId: '3', activated: 'true' },
    ]);
  });

  it("should disable the caller's own switches and delete, saying why, when the row is theirs", async () => {
    stubManagementServer({
      userList: page([
        managedUser(3, { name: 'Dana Levi' }),
        managedUser(4, { name: 'Me Myself' }),
      ]),
    });
    renderWithApp(<UsersPage roleGiver="agency" ownIds={[4]} />);

    const why = 'You cannot disable, deactivate or delete your own account.';
    for (const name of ['Enabled: Me Myself', 'Activated: Me Myself']) {
      const own = await screen.findByRole<HTMLInputElement>('switch', { name });
      expect(own.disabled).toBe(true);
      expect(own.getAttribute('aria-description')).toBe(why);
    }
    const ownDelete = screen.getByRole<HTMLButtonElement>('button', { name: 'Delete Me Myself' });
    expect(ownDelete.disabled).toBe(true);
    expect(ownDelete.getAttribute('aria-description')).toBe(why);
    for (const name of ['Enabled: Dana Levi', 'Activated: Dana Levi']) {
      const other = screen.getByRole<HTMLInputElement>('switch', { name });
      expect(other.disabled).toBe(false);
      expect(other.getAttribute('aria-description')).toBeNull();
    }
  });

  it('should let a manager add an agent user from the dialog, placed at the agent chosen', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      userList: page([]),
      ...PLACES,
      userCreate: { body: { id: 40 } },
    });
    renderWithApp(<UsersPage roleGiver="agency" />);

    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    const select = (name: string) => within(dialog).getByRole('combobox', { name });

    // A manager may not give the super user's or the operator's role.
    expect(optionsOf(select('Role'))).toEqual([
      '',
      'Manager',
      'Branch manager',
      'Agency manager',
      'Agent',
    ]);
    await user.type(field('Name'), 'Dana Levi');
    await user.type(field('Email'), 'Dana@Demo.TEST');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Device number/ }),
      '+972501234567',
    );
    await user.selectOptions(select('Role'), 'Agent');
    await within(dialog).findByRole('option', { name: 'Sky Tours' });
    await user.selectOptions(select('Agency'), 'Sky Tours');
    await within(dialog).findByRole('option', { name: 'A1B2 – Downtown' });
    await user.selectOptions(select('Branch'), 'A1B2 – Downtown');
    await within(dialog).findByRole('option', { name: 'DL – Dana Levi' });
    await user.selectOptions(select('Agent'), 'DL – Dana Levi');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('User added')).toBeTruthy();
    expect(server.to('userCreate').map((request) => fieldsOf(request.form))).toEqual([
      {
        name: 'Dana Levi',
        email: 'dana@demo.test',
        deviceNumber: '+972501234567',
        role: 'ROLE_SA_AGENT_USER',
        agentId: '21',
        enabled: 'true',
        activated: 'true',
      },
    ]);
    expect(fieldsOf(server.to('listBranches')[0]!.query)).toEqual({ agencyId: '1' });
    expect(fieldsOf(server.to('listAgents')[0]!.query)).toEqual({
      branchId: '7',
      withoutUser: 'true',
    });
  });

  it("should show the schema's message at the field when the device number is no phone number", async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({ userList: page([]), ...PLACES });
    renderWithApp(<UsersPage roleGiver="superUser" />);

    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dana Levi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dana@demo.test');
    await user.type(within(dialog).getByRole('textbox', { name: /Device number/ }), '+97212');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Agent');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Specify a valid phone number')).toBeTruthy();
    expect(server.to('userCreate')).toHaveLength(0);
  });

  it("should post the user's id and changed fields from the edit dialog", async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      userList: page([managedUser(3, { name: 'Dana Levi', branchId: 7, agentId: null })]),
      ...PLACES,
      userUpdate: {},
    });
    renderWithApp(<UsersPage roleGiver="superUser" />);

    await user.click(await screen.findByRole('button', { name: 'Edit Dana Levi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Dana Levi' });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(
      true,
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('User successfully updated!')).toBeTruthy();
    expect(server.to('userUpdate').map((request) => fieldsOf(request.form))).toEqual([
      {
        userId: '3',
        name: 'Dana Levi',
        email: 'user3@demo.test',
        deviceNumber: '+972500000003',
        role: 'ROLE_SA_MANAGER_USER',
        branchId: '7',
      },
    ]);
    // The edited user's own agent stays a choice among the agents without a user.
    expect(fieldsOf(server.to('listAgents')[0]!.query)).toEqual({
      branchId: '7',
      withoutUser: 'true',
      keepingUser: '3',
    });
  });

  it("should show the server's message under the form when the e-mail is taken", async () => {
    const user = userEvent.setup();
    stubManagementServer({
      userList: page([managedUser(3, { name: 'Dana Levi' })]),
      ...PLACES,
      userUpdate: conflict('A user with this email already exists.'),
    });
    renderWithApp(<UsersPage roleGiver="superUser" />);

    await user.click(await screen.findByRole('button', { name: 'Edit Dana Levi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Dana Levi' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'h');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('A user with this email already exists.')).toBeTruthy();
  });

  it("should say 'Submit failed! Try again later' when the server fails an edit", async () => {
    const user = userEvent.setup();
    stubManagementServer({
      userList: page([managedUser(3, { name: 'Dana Levi' })]),
      ...PLACES,
      userUpdate: serverError,
    });
    renderWithApp(<UsersPage roleGiver="superUser" />);

    await user.click(await screen.findByRole('button', { name: 'Edit Dana Levi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Dana Levi' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'h');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Submit failed! Try again later')).toBeTruthy();
  });
});
