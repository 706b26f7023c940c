import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  OrganisationFilter,
  type OrganisationSelection,
} from '@/features/organisation-filter/components/organisation-filter';
import { EMPTY_SELECTION } from '@/features/organisation-filter/utils/organisation-cascade';
import { renderWithApp } from '@/testing/render-app';
import { stubApi } from '@/testing/stub-api';

const AGENCIES = [
  { id: 1, name: 'Demo Travel' },
  { id: 2, name: 'Globe Tours' },
  { id: 3, name: 'Sun Trips' },
];
const BRANCHES = [
  { id: 10, pcc: 'TLV1', name: 'Tel Aviv' },
  { id: 11, pcc: 'JRS1', name: 'Jerusalem' },
  { id: 12, pcc: 'HFA1', name: 'Haifa' },
];
const AGENTS = [
  { id: 100, initials: 'AA', name: 'Adam Agent' },
  { id: 101, initials: 'BA', name: 'Bella Agent' },
];

/** The organisation calls; the query string picks the answer, as the server would. */
function stubOrganisation(agencies = AGENCIES) {
  stubApi({
    'GET /api/admin/listAgencies': { body: agencies },
    'GET /api/admin/listBranches': { body: BRANCHES },
    'GET /api/admin/listAgents': { body: AGENTS },
  });
}

const requested = () => vi.mocked(fetch).mock.calls.map(([input]) => input as string);

function Harness({
  onChange,
  disabled,
  initial = EMPTY_SELECTION,
}: {
  onChange: (next: OrganisationSelection) => void;
  disabled?: boolean;
  initial?: OrganisationSelection;
}) {
  const [value, setValue] = useState(initial);
  return (
    <OrganisationFilter
      value={value}
      disabled={disabled}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const menu = (name: string) => screen.getByRole('combobox', { name });
const isDisabled = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true';
// Two cores shared by many test runs: give lists time to arrive.
const LOADED = { timeout: 5000 };
const waitForOpen = (name: string) =>
  waitFor(() => expect(isDisabled(menu(name))).toBe(false), LOADED);

async function choose(menuName: string, ...options: string[]) {
  await userEvent.click(menu(menuName));
  const listbox = await screen.findByRole('listbox');
  for (const option of options) {
    await userEvent.click(within(listbox).getByRole('option', { name: option }));
  }
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), LOADED);
}

// Menus open and close with transitions; on a busy machine a test takes seconds.
describe('OrganisationFilter', { timeout: 20_000 }, () => {
  it('should show All and keep branches and agents closed when several agencies are offered', async () => {
    stubOrganisation();
    renderWithApp(<Harness onChange={vi.fn()} />);

    await waitForOpen('Agencies');
    expect(menu('Agencies').textContent).toBe('All');
    expect(isDisabled(menu('Branches'))).toBe(true);
    expect(isDisabled(menu('Agents'))).toBe(true);
    expect(screen.getByText('Choose one agency to list its branches')).toBeTruthy();
    expect(requested()).toEqual(['/api/admin/listAgencies?level=AGENT']);
  });

  it('should load the branches of the one agency when exactly one is selected', async () => {
    stubOrganisation();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await waitForOpen('Agencies');

    await choose('Agencies', 'Demo Travel');

    expect(onChange).toHaveBeenLastCalledWith({ agencyIds: [1], branchIds: [], agentIds: [] });
    await waitForOpen('Branches');
    expect(requested()).toContain('/api/admin/listBranches?agencyId=1');
    expect(within(menu('Agencies')).getByText('Demo Travel')).toBeTruthy();
  });

  it('should load agents of the one branch and reset lower levels when a level changes', async () => {
    stubOrganisation();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await waitForOpen('Agencies');
    await choose('Agencies', 'Demo Travel');
    await waitForOpen('Branches');

    await choose('Branches', 'JRS1 · Jerusalem');
    await waitForOpen('Agents');
    expect(requested()).toContain('/api/admin/listAgents?branchId=11');
    await choose('Agents', 'Bella Agent (BA)');
    expect(onChange).toHaveBeenLastCalledWith({ agencyIds: [1], branchIds: [11], agentIds: [101] });

    await choose('Branches', 'TLV1 · Tel Aviv');
    expect(onChange).toHaveBeenLastCalledWith({
      agencyIds: [1],
      branchIds: [10, 11],
      agentIds: [],
    });
    expect(isDisabled(menu('Agents'))).toBe(true);

    await choose('Agencies', 'Globe Tours');
    expect(onChange).toHaveBeenLastCalledWith({ agencyIds: [1, 2], branchIds: [], agentIds: [] });
    expect(isDisabled(menu('Branches'))).toBe(true);
  });

  it('should go back to All when every item is ticked or All is chosen', async () => {
    stubOrganisation();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await waitForOpen('Agencies');

    await choose('Agencies', 'Demo Travel', 'Globe Tours', 'Sun Trips');
    expect(onChange).toHaveBeenLastCalledWith({ agencyIds: [], branchIds: [], agentIds: [] });

    await choose('Agencies', 'Globe Tours');
    await choose('Agencies', 'All');
    expect(onChange).toHaveBeenLastCalledWith({ agencyIds: [], branchIds: [], agentIds: [] });
    expect(menu('Agencies').textContent).toBe('All');
  });

  it('should open branches and agents at once when the scope holds one of each above', async () => {
    stubApi({
      'GET /api/admin/listAgencies': { body: [AGENCIES[0]] },
      'GET /api/admin/listBranches': { body: [BRANCHES[1]] },
      'GET /api/admin/listAgents': { body: AGENTS },
    });
    renderWithApp(<Harness onChange={vi.fn()} />);

    await waitForOpen('Agents');
    expect(isDisabled(menu('Branches'))).toBe(false);
    expect(requested()).toEqual([
      '/api/admin/listAgencies?level=AGENT',
      '/api/admin/listBranches?agencyId=1',
      '/api/admin/listAgents?branchId=11',
    ]);
  });

  it('should disable every menu when the filter is disabled', async () => {
    stubOrganisation();
    renderWithApp(<Harness onChange={vi.fn()} disabled />);

    await waitFor(() => expect(requested()).toHaveLength(1), LOADED);
    for (const name of ['Agencies', 'Branches', 'Agents'])
      expect(isDisabled(menu(name))).toBe(true);
  });

  it('should work from the keyboard when a menu is focused', async () => {
    stubOrganisation();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await waitForOpen('Agencies');

    menu('Agencies').focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    // Focus starts on 'All'; the next option is the first agency.
    await userEvent.keyboard('{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith({ agencyIds: [1], branchIds: [], agentIds: [] });
  });

  it('should say a menu is busy only while its list is asked for', async () => {
    stubOrganisation();
    const busy = (name: string) =>
      menu(name).closest('.MuiFormControl-root')?.getAttribute('aria-busy');
    renderWithApp(<Harness onChange={vi.fn()} />);
    expect(busy('Agencies')).toBe('true');

    await waitForOpen('Agencies');
    expect(busy('Agencies')).toBe('false');
    // Closed levels ask for nothing, so they are not loading, however long they stay closed.
    expect(busy('Branches')).toBe('false');
    expect(busy('Agents')).toBe('false');
  });

  it('should stop saying a menu is busy once its list failed', async () => {
    stubApi({
      'GET /api/admin/listAgencies': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
    });
    renderWithApp(<Harness onChange={vi.fn()} />);

    await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(menu('Agencies').closest('.MuiFormControl-root')?.getAttribute('aria-busy')).toBe(
      'false',
    );
  });

  it('should say the list failed and ask again when retried', async () => {
    let fail = true;
    stubApi({
      'GET /api/admin/listAgencies': () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { body: AGENCIES },
    });
    renderWithApp(<Harness onChange={vi.fn()} />);

    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByText(/Can't load the list\./)).toBeTruthy();
    fail = false;
    await userEvent.click(retry);

    await waitForOpen('Agencies');
  });
});
