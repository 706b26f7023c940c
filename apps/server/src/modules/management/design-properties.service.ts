import type { DesignProperties, DesignPropertiesBody } from '@smt/shared';
import type { Db } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { conflictOf } from './database-conflict';
import { fail } from './management.errors';
import { auditChange } from '@/modules/audit';
import * as repo from './design-properties.repository';
import { sanitiseDesignHtml } from './design-properties.sanitise';
import { findAgencyInScope } from './organisation-admin.repository';
import type { Caller } from './organisation-admin.service';

// The rules of the design page (super users only): HTML is sanitised before it is stored, so
// nothing unsafe ever reaches the database; the share page sanitises it again when it renders.

const messages = {
  noAgency: 'There is no such agency.',
  race: 'Someone saved this design at the same time. Reload and try again.',
};

export function createDesignPropertiesAdmin(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const checkAgency = async (caller: Caller, agencyId: number | undefined) => {
    if (agencyId === undefined) return null;
    const agency = await findAgencyInScope(db, caller.scope, agencyId);
    if (!agency) throw fail('management.no-such-agency', messages.noAgency);
    return agency.id;
  };

  return {
    /** An agency's design, else the default it shows, or the default's own. */
    async get(caller: Caller, query: { agencyId?: number | undefined }): Promise<DesignProperties> {
      const agencyId = await checkAgency(caller, query.agencyId);
      const own = await repo.findDesign(db, agencyId);
      if (own || agencyId === null) {
        return {
          agencyId,
          header: own?.header ?? null,
          footer: own?.footer ?? null,
          inherited: false,
        };
      }
      const fallback = await repo.findDesign(db, null);
      return {
        agencyId,
        header: fallback?.header ?? null,
        footer: fallback?.footer ?? null,
        inherited: true,
      };
    },

    /** Stores the sanitised design and answers it as stored. */
    async save(caller: Caller, body: DesignPropertiesBody): Promise<DesignProperties> {
      const agencyId = await checkAgency(caller, body.agencyId);
      const design = {
        header: await sanitiseDesignHtml(body.header),
        footer: await sanitiseDesignHtml(body.footer),
      };
      try {
        await db.transaction(async (tx) => {
          const before = await repo.findDesign(tx, agencyId);
          await repo.saveDesign(tx, agencyId, design, clock.now());
          await auditChange(tx, caller, {
            action: 'designProperties.save',
            entityType: 'designProperties',
            entityId: agencyId ?? 0,
            details: { agencyId, from: before, to: design },
          });
        });
      } catch (error) {
        throw conflictOf(error, { duplicate: messages.race, inUse: messages.race });
      }
      return { agencyId, ...design, inherited: false };
    },
  };
}
