import { UNDO_DELETE_ACCEPTED_MS, type NotificationStatus } from '@smt/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '@/db/schema';
import { T0 } from '@/gds/simulator/testing';
import { Clock } from '@/lib/clock';
import { callerAs, refusalOf, useServiceDatabase } from '../../../test/service-database';
import { aBookingOf, aNotificationOn } from '../../../test/service-notifications';
import { useServiceSimulator } from '../../../test/service-simulator';
import { DEMO, type DemoPerson } from '../../../test/sign-in';
import { detailsMessages } from './notification-details.messages';
import { createNotificationDetails } from './notification-details.service';

// Opening and deleting one notification, called as their routes call them: the caller as the
// auth plugin gives them. The answers' shapes, the bodies' encodings, who may call and the
// shape of a refusal are notification-details.routes.test.ts's.

describe(createNotificationDetails.name, () => {
  const database = useServiceDatabase();
  const world = useServiceSimulator(database, { seed: 17, startAt: new Date(T0) });
  let clock: Clock;
  let sut: ReturnType<typeof createNotificationDetails>;

  beforeEach(() => {
    clock = new Clock();
    sut = createNotificationDetails({ db: database.db, gds: world.sim, clock });
  });

  /** A fresh notification of the agent's: pending, unread unless said. */
  const aNotificationOf = async (initials: string, status: NotificationStatus = 'NEW') =>
    aNotificationOn(database.db, await aBookingOf(database.db, initials), {
      type: 'Reschedule',
      status,
    });
  const open = async (person: DemoPerson, id: number) => {
    const { scope, agentId } = await callerAs(database.db, person);
    return sut.open({ scope, agentId }, id);
  };
  const remove = async (person: DemoPerson, ids: number[]) =>
    sut.remove(await callerAs(database.db, person), ids);
  const undoRemove = async (person: DemoPerson, ids: number[]) =>
    sut.undoRemove(await callerAs(database.db, person), ids);
  const statusOf = async (id: number) => {
    const [row] = await database.db
      .select({ status: notifications.status })
      .from(notifications)
      .where(eq(notifications.id, id));
    if (!row) throw new Error(`no notification ${id}`);
    return row.status;
  };
  const audits = (action: string, ids: number[]) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), inArray(auditLog.entityId, ids.map(String))))
      .orderBy(desc(auditLog.id));
  const NOT_FOUND = { code: 'NOT_FOUND', reason: 'notifications.not-found' } as const;

  describe('open', () => {
    it('should mark a NEW notification READ when its owner opens it, and keep it READ', async () => {
      const id = await aNotificationOf('AA');

      expect((await open(DEMO.agent, id)).header.status).toBe('READ');
      expect(await statusOf(id)).toBe('READ');
      expect((await open(DEMO.agent, id)).header.status).toBe('READ');
      expect(await statusOf(id)).toBe('READ');
    });

    it("should leave an agent's notification unread for them when a manager or the super user opens it", async () => {
      const id = await aNotificationOf('GA');

      for (const person of [DEMO.globeManager, DEMO.superUser]) {
        expect((await open(person, id)).header.status).toBe('NEW');
        expect(await statusOf(id)).toBe('NEW');
      }
      // Their owner's reading still reads it.
      expect((await open(DEMO.globeAgent, id)).header.status).toBe('READ');
      expect(await statusOf(id)).toBe('READ');
    });

    it.each<[NotificationStatus, NotificationStatus]>([
      ['READY', 'READ'],
      ['FAILED', 'FAILED'],
    ])('should answer %s as %s when the notification is opened', async (before, after) => {
      const id = await aNotificationOf('MM', before);

      expect((await open(DEMO.manager, id)).header.status).toBe(after);
      expect(await statusOf(id)).toBe(after);
    });
  });

  describe('remove', () => {
    it('should mark the notification DEL and audit it when its owner deletes it', async () => {
      const id = await aNotificationOf('AA');
      const adam = await callerAs(database.db, DEMO.agent);

      expect(await remove(DEMO.agent, [id])).toBe(1);

      expect(await statusOf(id)).toBe('DEL');
      expect(await audits('notification.delete', [id])).toMatchObject([
        {
          userId: adam.userId,
          realUserId: adam.userId,
          result: 'SUCCESS',
          entityType: 'notification',
        },
      ]);
      expect(await refusalOf(open(DEMO.agent, id))).toMatchObject(NOT_FOUND);
      expect(await refusalOf(remove(DEMO.agent, [id]))).toMatchObject(NOT_FOUND);
    });

    it("should delete three at once when a manager deletes their agents' notifications", async () => {
      const ids = [
        await aNotificationOf('AA'),
        await aNotificationOf('BA'),
        await aNotificationOf('BB'),
      ];
      const maya = await callerAs(database.db, DEMO.manager);

      expect(await remove(DEMO.manager, ids)).toBe(3);

      for (const id of ids) expect(await statusOf(id)).toBe('DEL');
      const deleted = await audits('notification.delete', ids);
      expect(deleted.map((a) => Number(a.entityId)).sort()).toEqual([...ids].sort());
      expect(deleted.every((a) => a.userId === maya.userId && a.realUserId === maya.userId)).toBe(
        true,
      );
    });

    it("should change nothing when one of the ids is not the caller's", async () => {
      const ids = [
        await aNotificationOf('AA'),
        await aNotificationOf('AA'),
        await aNotificationOf('BA'),
      ];

      expect(await refusalOf(remove(DEMO.agent, ids))).toMatchObject(NOT_FOUND);

      for (const id of ids) expect(await statusOf(id)).not.toBe('DEL');
      expect(await audits('notification.delete', ids)).toEqual([]);
    });

    it('should refuse and change nothing when a notification is read-only, alone or among others', async () => {
      const readonly = await aNotificationOf('AA');
      const other = await aNotificationOf('AA');
      await database.db
        .update(notifications)
        .set({ readonly: true })
        .where(eq(notifications.id, readonly));
      const refused = {
        code: 'CONFLICT',
        message: detailsMessages.readonlyDelete,
        reason: 'notifications.read-only',
      };

      expect(await refusalOf(remove(DEMO.agent, [other, readonly]))).toEqual(refused);
      expect(await refusalOf(remove(DEMO.agent, [readonly]))).toEqual(refused);

      expect(await statusOf(other)).not.toBe('DEL');
      expect(await statusOf(readonly)).not.toBe('DEL');
      expect(await audits('notification.delete', [readonly, other])).toEqual([]);
    });
  });

  describe('undoRemove', () => {
    it('should put deleted notifications back as they were when their deleter undoes it in time', async () => {
      const read = await aNotificationOf('GG', 'READ');
      const fresh = await aNotificationOf('GG');
      await remove(DEMO.globeManager, [read, fresh]);

      // Someone outside the scope reaches nothing by undoing.
      expect(await undoRemove(DEMO.agent, [read])).toBe(0);
      expect(await statusOf(read)).toBe('DEL');

      expect(await undoRemove(DEMO.globeManager, [read, fresh])).toBe(2);

      expect(await statusOf(read)).toBe('READ');
      expect(await statusOf(fresh)).toBe('NEW');
      expect(await audits('notification.undelete', [read, fresh])).toHaveLength(2);
      // Undone once, a second undo has nothing left to put back.
      expect(await undoRemove(DEMO.globeManager, [read])).toBe(0);
    });

    it('should leave a notification deleted when the undo comes after the window', async () => {
      const id = await aNotificationOf('GG');
      await remove(DEMO.globeManager, [id]);
      clock.advance(UNDO_DELETE_ACCEPTED_MS + 1_000);

      expect(await undoRemove(DEMO.globeManager, [id])).toBe(0);

      expect(await statusOf(id)).toBe('DEL');
    });
  });
});
