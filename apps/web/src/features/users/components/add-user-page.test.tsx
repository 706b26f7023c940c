import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldsOf, stubManagementServer } from '@/testing/management-test-server';
import { renderWithApp } from '@/testing/render-app';
import { AddUserPage } from './add-user-page';

// Long userEvent walks through whole forms.
describe('AddUserPage', { timeout: 20_000 }, () => {
  it('should offer a super user every role but the new-registered one', () => {
    stubManagementServer({ listAgencies: { body: [] } });
    renderWithApp(<AddUserPage onAdded={vi.fn()} />);

    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '',
      'Super user',
      'Operator',
      'Manager',
      'Branch manager',
      'Agency manager',
      'Agent',
    ]);
  });

  it('should post an agency-level manager with the switches as set when the form is sent', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      listAgencies: { body: [{ id: 1, name: 'Sky Tours' }] },
      listBranches: { body: [] },
      userCreate: { body: { id: 41 } },
    });
    const onAdded = vi.fn();
    renderWithApp(<AddUserPage onAdded={onAdded} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Maya Manager');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'maya@demo.test');
    await user.type(screen.getByRole('textbox', { name: /Device number/ }), '+972501234568');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Manager');
    await screen.findByRole('option', { name: 'Sky Tours' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agency' }), 'Sky Tours');
    await user.click(screen.getByRole('switch', { name: 'Activated' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('User added')).toBeTruthy();
    expect(onAdded).toHaveBeenCalledOnce();
    expect(server.to('userCreate').map((request) => fieldsOf(request.form))).toEqual([
      {
        name: 'Maya Manager',
        email: 'maya@demo.test',
        deviceNumber: '+972501234568',
        role: 'ROLE_SA_MANAGER_USER',
        agencyId: '1',
        enabled: 'true',
        activated: 'false',
      },
    ]);
  });

  it('should require the agent for an agent user, offer to add one, then post the agent', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      listAgencies: { body: [{ id: 1, name: 'Sky Tours' }] },
      listBranches: {
        body: [
          { id: 5, pcc: 'TLV1', name: 'Tel Aviv' },
          { id: 6, pcc: 'JRS1', name: 'Jerusalem' },
        ],
      },
      listAgents: (request) => ({
        body:
          request.query.get('branchId') === '6'
            ? []
            : [{ id: 9, name: 'Adam Agent', initials: 'AA' }],
      }),
      userCreate: { body: { id: 42 } },
    });
    renderWithApp(<AddUserPage onAdded={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Agent');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@demo.test');
    await user.type(screen.getByRole('textbox', { name: /Device number/ }), '+972501234569');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Agent');
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveProperty('required', true);
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveProperty('required', true);

    await screen.findByRole('option', { name: 'Sky Tours' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agency' }), 'Sky Tours');
    await screen.findByRole('option', { name: /JRS1/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), '6');
    expect(await screen.findByText(/This branch has no agent without a user\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add agent' }).getAttribute('href')).toMatch(
      /\/agents\/add-agent$/,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), '5');
    await screen.findByRole('option', { name: /Adam Agent/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), '9');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('User added')).toBeTruthy();
    expect(server.to('userCreate').map((request) => fieldsOf(request.form))).toEqual([
      expect.objectContaining({ role: 'ROLE_SA_AGENT_USER', agentId: '9' }),
    ]);
    // Only agents no user is placed at are offered: the server answers which.
    expect(server.to('listAgents').map((request) => fieldsOf(request.query))).toEqual(
      expect.arrayContaining([
        { branchId: '6', withoutUser: 'true' },
        { branchId: '5', withoutUser: 'true' },
      ]),
    );
    expect(server.to('listAgents').every((request) => request.query.has('withoutUser'))).toBe(true);
  });
});
