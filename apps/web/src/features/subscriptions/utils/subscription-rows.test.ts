import { SUBSCRIPTION_PROCESSES, type SubscriptionSettings } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyRowOf,
  newRowOf,
  subscriptionChanges,
  tableRowsOf,
  type ChannelKey,
  type SubscriptionTableRow,
} from './subscription-rows';

const branchRow = (branchId: number, ...ticked: ChannelKey[]): SubscriptionTableRow => ({
  ...emptyRowOf({ level: 'BRANCH', branchId }),
  ticked: new Set(ticked),
});
const agentRow = (agentId: number, ...ticked: ChannelKey[]): SubscriptionTableRow => ({
  ...emptyRowOf({ level: 'AGENT', branchId: 1, agentId }),
  ticked: new Set(ticked),
});

describe('subscriptionChanges', () => {
  it('should send nothing when nothing changed', () => {
    const rows = [branchRow(1, 'RP:PUSH'), agentRow(5, 'TD:EMAIL')];
    expect(subscriptionChanges(rows, [branchRow(1, 'RP:PUSH'), agentRow(5, 'TD:EMAIL')])).toEqual(
      [],
    );
  });

  it('should disable every enabled medium of a removed row', () => {
    const saved = [branchRow(1, 'RP:PUSH', 'RP:EMAIL', 'TD:PUSH'), agentRow(5, 'SC:EMAIL')];
    expect(subscriptionChanges(saved, [agentRow(5, 'SC:EMAIL')])).toEqual([
      { process: 'RP', branchId: 1, media: 'EMAIL', action: 'DISABLE' },
      { process: 'RP', branchId: 1, media: 'PUSH', action: 'DISABLE' },
      { process: 'TD', branchId: 1, media: 'PUSH', action: 'DISABLE' },
    ]);
  });

  it('should enable each ticked medium of a new row, and nothing for an unticked one', () => {
    const edited = [agentRow(5, 'C:PUSH', 'HL:EMAIL'), branchRow(2)];
    expect(subscriptionChanges([], edited)).toEqual([
      { process: 'C', agentId: 5, media: 'PUSH', action: 'ENABLE' },
      { process: 'HL', agentId: 5, media: 'EMAIL', action: 'ENABLE' },
    ]);
  });

  it('should send one item per changed medium of a changed row', () => {
    const saved = [branchRow(1, 'RP:PUSH', 'TD:PUSH', 'SC:EMAIL')];
    const edited = [branchRow(1, 'RP:PUSH', 'TD:EMAIL', 'SC:EMAIL')];
    expect(subscriptionChanges(saved, edited)).toEqual([
      { process: 'TD', branchId: 1, media: 'EMAIL', action: 'ENABLE' },
      { process: 'TD', branchId: 1, media: 'PUSH', action: 'DISABLE' },
    ]);
  });

  it('should treat a row removed and added again as changed, not as removed and new', () => {
    const saved = [agentRow(5, 'RP:EMAIL')];
    expect(subscriptionChanges(saved, [agentRow(5)])).toEqual([
      { process: 'RP', agentId: 5, media: 'EMAIL', action: 'DISABLE' },
    ]);
  });
});

describe('tableRowsOf', () => {
  it('should gather rows per branch and agent, branch rows first, by PCC and name', () => {
    const settings: SubscriptionSettings = {
      rows: [
        { branchId: 2, agentId: 8, process: 'RP', media: 'EMAIL' },
        { branchId: 2, process: 'TD', media: 'PUSH' },
        { branchId: 1, process: 'RP', media: 'PUSH' },
        { branchId: 2, process: 'RP', media: 'PUSH' },
        { branchId: 1, agentId: 7, process: 'SC', media: 'PUSH' },
      ],
      branches: {
        '1': { name: 'Tel Aviv', pcc: 'TLV1', activeProcesses: ['RP'], managed: true },
        '2': { name: 'Jerusalem', pcc: 'JRS1', activeProcesses: ['RP'], managed: true },
      },
      agents: {
        '7': { name: 'Zed', initials: 'ZZ', branchId: 1 },
        '8': { name: 'Amy', initials: 'AM', branchId: 2 },
      },
      ownAgentId: null,
    };
    const rows = tableRowsOf(settings);
    expect(rows.map((row) => row.key)).toEqual(['branch:2', 'branch:1', 'agent:8', 'agent:7']);
    expect([...(rows[0]?.ticked ?? [])].sort()).toEqual(['RP:PUSH', 'TD:PUSH']);
  });
});

describe('a row just added', () => {
  it('should start with every process ticked by the chosen medium and none by the other', () => {
    const row = newRowOf({ level: 'BRANCH', branchId: 3 }, 'PUSH');
    expect([...row.ticked].sort()).toEqual(
      SUBSCRIPTION_PROCESSES.map((process) => `${process}:PUSH`).sort(),
    );
    expect(subscriptionChanges([], [row])).toHaveLength(SUBSCRIPTION_PROCESSES.length);
  });
});
