import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  branch,
  conflict,
  fieldsOf,
  page,
  stubManagementServer,
} from '@/testing/management-test-server';
import { renderWithApp } from '@/testing/render-app';
import { AddBranchPage } from './add-branch-page';
import { BranchesPage } from './branches-page';

const AGENCIES = {
  body: [
    { id: 1, name: 'Sky Tours' },
    { id: 2, name: 'Sea Tours' },
  ],
};

describe('BRANCHES: the branch form and list', () => {
  it('should post the name, the upper-cased PCC and the chosen agency when a branch is added', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      listAgencies: AGENCIES,
      branchCreate: { body: { id: 5 } },
    });
    const onAdded = vi.fn();
    renderWithApp(<AddBranchPage onAdded={onAdded} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Downtown');
    await user.type(screen.getByRole('textbox', { name: 'PCC' }), 'a1b2');
    const agencySelect = await screen.findByRole('combobox', { name: 'Agency' });
    await screen.findByRole('option', { name: 'Sea Tours' });
    await user.selectOptions(agencySelect, 'Sea Tours');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Branch added')).toBeTruthy();
    expect(onAdded).toHaveBeenCalledOnce();
    expect(server.to('branchCreate').map((request) => fieldsOf(request.form))).toEqual([
      { name: 'Downtown', pcc: 'A1B2', agencyId: '2' },
    ]);
  });

  it("should show the schema's messages at the fields when the PCC and agency are wrong", async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({ listAgencies: AGENCIES });
    renderWithApp(<AddBranchPage onAdded={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Downtown');
    await user.type(screen.getByRole('textbox', { name: 'PCC' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('PCC should be 2 to 10 letters or digits')).toBeTruthy();
    expect(screen.getByText('Should be a positive whole number')).toBeTruthy();
    expect(server.to('branchCreate')).toHaveLength(0);
  });

  it("should show a duplicate PCC's message when an edit is refused", async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      branchList: page([branch(4, { name: 'Downtown', pcc: 'A1B2' })]),
      branchUpdate: conflict('A branch with this PCC already exists.'),
    });
    renderWithApp(<BranchesPage />);

    await user.click(await screen.findByRole('button', { name: 'Edit Downtown' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Downtown' });
    // The agency is shown but fixed: the server refuses to move a branch.
    const agencySelect = within(dialog).getByRole('combobox', { name: 'Agency' });
    expect((agencySelect as HTMLSelectElement).disabled).toBe(true);
    const pcc = within(dialog).getByRole('textbox', { name: 'PCC' });
    await user.clear(pcc);
    await user.type(pcc, 'c3d4');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('A branch with this PCC already exists.')).toBeTruthy();
    expect(server.to('branchUpdate').map((request) => fieldsOf(request.form))).toEqual([
      { name: 'Downtown', pcc: 'C3D4', agencyId: '1', branchId: '4' },
    ]);
  });
});
