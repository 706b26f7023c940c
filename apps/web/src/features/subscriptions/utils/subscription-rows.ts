import {
  Media,
  SUBSCRIPTION_PROCESSES,
  type Process,
  type SubscriptionLevel,
  type SubscriptionSettings,
  type SubscriptionUpdateItem,
} from '@smt/shared';

// The table's model: one row per branch (branch-wide) or agent, holding the channels ticked
// on it, and the difference between two tables as the items a save sends (SPEC §4).

export type ChannelKey = `${Process}:${Media}`;
export const channelKey = (process: Process, media: Media): ChannelKey => `${process}:${media}`;

export type SubscriptionTarget = {
  level: SubscriptionLevel;
  branchId: number;
  /** Only on an agent row. */
  agentId?: number | undefined;
};

export type SubscriptionTableRow = SubscriptionTarget & {
  /** `branch:<id>` or `agent:<id>`: two rows with one key are the same row. */
  key: string;
  ticked: ReadonlySet<ChannelKey>;
};

export const rowKeyOf = (target: SubscriptionTarget): string =>
  target.level === 'AGENT' ? `agent:${target.agentId}` : `branch:${target.branchId}`;

export const emptyRowOf = (target: SubscriptionTarget): SubscriptionTableRow => ({
  ...target,
  key: rowKeyOf(target),
  ticked: new Set(),
});

/**
 * A row just added: every process its branch runs ticked by the medium the person chose, so
 * the row says something from the start and they untick what they do not want.
 */
export const newRowOf = (
  target: SubscriptionTarget,
  media: Media,
  running: readonly Process[] = SUBSCRIPTION_PROCESSES,
): SubscriptionTableRow => ({
  ...target,
  key: rowKeyOf(target),
  ticked: new Set(
    SUBSCRIPTION_PROCESSES.filter((process) => running.includes(process)).map((process) =>
      channelKey(process, media),
    ),
  ),
});

/** The server's rows gathered per branch or agent: branch rows first, each by PCC, then name. */
export function tableRowsOf(settings: SubscriptionSettings): SubscriptionTableRow[] {
  const rows = new Map<string, SubscriptionTableRow & { ticked: Set<ChannelKey> }>();
  for (const row of settings.rows) {
    const target: SubscriptionTarget =
      row.agentId === undefined
        ? { level: 'BRANCH', branchId: row.branchId }
        : { level: 'AGENT', branchId: row.branchId, agentId: row.agentId };
    const key = rowKeyOf(target);
    const existing = rows.get(key) ?? { ...target, key, ticked: new Set<ChannelKey>() };
    existing.ticked.add(channelKey(row.process, row.media));
    rows.set(key, existing);
  }
  const sortKey = (row: SubscriptionTableRow) =>
    [
      row.level === 'BRANCH' ? '0' : '1',
      settings.branches[row.branchId]?.pcc ?? '',
      row.agentId === undefined ? '' : (settings.agents[row.agentId]?.name ?? ''),
    ].join('\u0000');
  return [...rows.values()].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/** Every channel in the order the table shows them. */
export const ALL_CHANNELS: readonly { process: Process; media: Media }[] =
  SUBSCRIPTION_PROCESSES.flatMap((process) => Media.options.map((media) => ({ process, media })));

const itemOf = (
  row: SubscriptionTarget,
  channel: { process: Process; media: Media },
  action: SubscriptionUpdateItem['action'],
): SubscriptionUpdateItem =>
  row.level === 'AGENT'
    ? { process: channel.process, agentId: row.agentId, media: channel.media, action }
    : { process: channel.process, branchId: row.branchId, media: channel.media, action };

/**
 * Only the differences (SPEC §4): a removed row disables every medium it had, a new row enables
 * each ticked one, a changed row sends one item per medium that changed.
 */
export function subscriptionChanges(
  saved: readonly SubscriptionTableRow[],
  edited: readonly SubscriptionTableRow[],
): SubscriptionUpdateItem[] {
  const editedByKey = new Map(edited.map((row) => [row.key, row]));
  const savedKeys = new Set(saved.map((row) => row.key));
  const items: SubscriptionUpdateItem[] = [];
  for (const before of saved) {
    const after = editedByKey.get(before.key);
    for (const channel of ALL_CHANNELS) {
      const key = channelKey(channel.process, channel.media);
      const was = before.ticked.has(key);
      const is = after?.ticked.has(key) ?? false;
      if (was !== is) items.push(itemOf(before, channel, is ? 'ENABLE' : 'DISABLE'));
    }
  }
  for (const row of edited) {
    if (savedKeys.has(row.key)) continue;
    for (const channel of ALL_CHANNELS) {
      if (row.ticked.has(channelKey(channel.process, channel.media))) {
        items.push(itemOf(row, channel, 'ENABLE'));
      }
    }
  }
  return items;
}
