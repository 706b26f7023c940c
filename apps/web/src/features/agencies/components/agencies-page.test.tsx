import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  agency,
  conflict,
  fieldsOf,
  page,
  serverError,
  stubManagementServer,
} from '@/testing/management-test-server';
import { renderWithApp } from '@/testing/render-app';
import { stubViewportWidth } from '@/testing/viewport';
import { AgenciesPage } from './agencies-page';

// A failing list is asked twice (the query client retries once) before it says so.
const RETRIED = { timeout: 4_000 };

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('AgenciesPage', () => {
  it('should show a row per agency and the total when the list loads', async () => {
    const server = stubManagementServer({
      agencyList: page([agency(1, { name: 'Sky Tours' }), agency(2, { enabled: false })], 42),
    });
    renderWithApp(<AgenciesPage addPath="/management/tools/agency/add-agency" />);

    const table = await screen.findByRole('table', { name: 'Agencies' });
    expect(rowsOf(table)).toEqual(['Sky Tours', 'Agency 2']);
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'Enabled: Sky Tours' }).checked,
    ).toBe(true);
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'Enabled: Agency 2' }).checked,
    ).toBe(false);
    expect(screen.getByText('1–20 of 42')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add agency' }).getAttribute('href')).toBe(
      '/management/tools/agency/add-agency',
    );
    expect(fieldsOf(server.to('agencyList')[0]!.query)).toEqual({ offset: '0', limit: '20' });
  });

  it('should leave the add button out when the caller may not add', async () => {
    stubManagementServer({ agencyList: page([agency(1)]) });
    renderWithApp(<AgenciesPage />);

    await screen.findByRole('table', { name: 'Agencies' });
    expect(screen.queryByRole('link', { name: 'Add agency' })).toBeNull();
  });

  it('should send the search text from the first page when a search is made', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({ agencyList: page([agency(1)], 45) });
    renderWithApp(<AgenciesPage />);

    await screen.findByRole('table', { name: 'Agencies' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(server.to('agencyList')).toHaveLength(2));
    expect(fieldsOf(server.to('agencyList')[1]!.query)).toEqual({ offset: '20', limit: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), '  sky {Enter}');
    await waitFor(() => expect(server.to('agencyList')).toHaveLength(3));
    expect(fieldsOf(server.to('agencyList')[2]!.query)).toEqual({
      name: 'sky',
      offset: '0',
      limit: '20',
    });
  });

  it('should post the new status and refresh the list when the enabled switch is pressed', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      agencyList: page([agency(3, { name: 'Sky Tours' })]),
      agencyUpdateStatus: {},
    });
    renderWithApp(<AgenciesPage />);

    await user.click(await screen.findByRole('switch', { name: 'Enabled: Sky Tours' }));

    expect(await screen.findByText('Sky Tours disabled')).toBeTruthy();
    expect(server.to('agencyUpdateStatus').map((request) => fieldsOf(request.form))).toEqual([
      { agencyId: '3', enabled: 'false' },
    ]);
    expect(server.to('agencyList')).toHaveLength(2);
  });

  it('should ask first and post the delete only when confirmed', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      agencyList: page([agency(3, { name: 'Sky Tours' })]),
      agencyDelete: {},
    });
    renderWithApp(<AgenciesPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete Sky Tours' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Sky Tours?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('agencyDelete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Sky Tours' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Sky Tours?' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByText('Agency deleted')).toBeTruthy();
    expect(server.to('agencyDelete').map((request) => fieldsOf(request.form))).toEqual([
      { agencyId: '3' },
    ]);
  });

  it("should show the server's message in a snack when the agency is still in use", async () => {
    const user = userEvent.setup();
    const inUse = 'This agency is still in use, so it cannot be deleted. Disable it instead.';
    stubManagementServer({
      agencyList: page([agency(3, { name: 'Sky Tours' })]),
      agencyDelete: conflict(inUse),
    });
    renderWithApp(<AgenciesPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete Sky Tours' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(inUse)).toBeTruthy();
  });

  it('should post the changed name from the edit dialog and close it when saved', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({
      agencyList: page([agency(3, { name: 'Sky Tours' })]),
      agencyUpdate: {},
    });
    renderWithApp(<AgenciesPage />);

    await user.click(await screen.findByRole('button', { name: 'Edit Sky Tours' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Sky Tours' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect((name as HTMLInputElement).value).toBe('Sky Tours');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.clear(name);
    await user.type(name, ' Sky Travel ');
    await user.click(submit);

    expect(await screen.findByText('Agency updated')).toBeTruthy();
    expect(server.to('agencyUpdate').map((request) => fieldsOf(request.form))).toEqual([
      { name: 'Sky Travel', agencyId: '3' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("should say 'Submit failed! Try again later' under the form when the server fails", async () => {
    const user = userEvent.setup();
    stubManagementServer({
      agencyList: page([agency(3, { name: 'Sky Tours' })]),
      agencyUpdate: serverError,
    });
    renderWithApp(<AgenciesPage />);

    await user.click(await screen.findByRole('button', { name: 'Edit Sky Tours' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Sky Tours' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Submit failed! Try again later')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Sky Tours' })).toBeTruthy();
  });

  it('should show cards instead of a table when the screen is a phone', async () => {
    stubViewportWidth(375);
    stubManagementServer({ agencyList: page([agency(1, { name: 'Sky Tours' })]) });
    renderWithApp(<AgenciesPage />);

    const list = await screen.findByRole('list', { name: 'Agencies' });
    expect(within(list).getByRole('article', { name: 'Sky Tours' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('should offer to try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    const server = stubManagementServer({ agencyList: serverError });
    renderWithApp(<AgenciesPage />);

    expect(await screen.findByText("Can't load agencies", undefined, RETRIED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.to('agencyList')).toHaveLength(3));
  });

  it('should say there is no data when the search finds nothing', async () => {
    stubManagementServer({ agencyList: page([]) });
    renderWithApp(<AgenciesPage />);

    expect(await screen.findByText('No data available')).toBeTruthy();
  });
});
