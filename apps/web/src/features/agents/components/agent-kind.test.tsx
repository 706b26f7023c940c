import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agent, fieldsOf, page, stubManagementServer } from '@/testing/management-test-server';
import { renderWithApp } from '@/testing/render-app';
import { AddAgentPage } from './add-agent-page';
import { AgentsPage } from './agents-page';

describe('AGENTS: the agent form and list', () => {
  it('should post the name, the upper-cased initials and the chosen branch when an agent is added', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      listBranches: { body: [{ id: 7, pcc: 'A1B2', name: 'Downtown' }] },
      agentCreate: { body: { id: 30 } },
    });
    renderWithApp(<AddAgentPage onAdded={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Dana Levi');
    await user.type(screen.getByRole('textbox', { name: 'Initials' }), 'dl');
    await screen.findByRole('option', { name: 'A1B2 – Downtown' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'A1B2 – Downtown');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Agent added')).toBeTruthy();
    expect(server.to('agentCreate').map((request) => fieldsOf(request.form))).toEqual([
      { name: 'Dana Levi', initials: 'DL', branchId: '7' },
    ]);
    // Every branch the caller may see: no agency is named.
    expect(fieldsOf(server.to('listBranches')[0]!.query)).toEqual({});
  });

  it("should show the schema's message at the field when the initials are too long", async () => {
    const user = userEvent.setup();
    stubManagementServer({ listBranches: { body: [] } });
    renderWithApp(<AddAgentPage onAdded={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Initials' }), 'ABCDEF');
    await user.tab();

    expect(await screen.findByText('Initials should be 1 to 5 letters or digits')).toBeTruthy();
  });

  it('should post the agent id and the new status when an agent is disabled', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      agentList: page([agent(21, { name: 'Dana Levi' })]),
      agentUpdateStatus: {},
    });
    renderWithApp(<AgentsPage />);

    await user.click(await screen.findByRole('switch', { name: 'Enabled: Dana Levi' }));

    expect(await screen.findByText('Dana Levi disabled')).toBeTruthy();
    expect(server.to('agentUpdateStatus').map((request) => fieldsOf(request.form))).toEqual([
      { agentId: '21', enabled: 'false' },
    ]);
  });
});
