import { DesignPropertiesBody, DesignPropertiesQuery } from '@smt/shared';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, designProperties } from '@/db/schema';
import { Clock } from '@/lib/clock';
import { callerAs, refusalOf, idsByName, useServiceDatabase } from '../../../test/service-database';
import { DEMO } from '../../../test/sign-in';
import { createDesignPropertiesAdmin } from './design-properties.service';

// The design page's rules (super users only), called as its routes call them: the forms parsed
// by the calls' schemas. Who may call, the fields' refusals and the share page that shows a
// design are design-properties.routes.test.ts's.

const HOSTILE_HEADER =
  '<h1 class="brand">Demo Travel</h1><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2" alt="logo">' +
  '<a href="javascript:window.__pwned = 3">Call us</a>' +
  '<style>body { display: none }</style><form action="/steal"><input name="card"></form>';

describe(createDesignPropertiesAdmin.name, () => {
  const database = useServiceDatabase();
  let sut: ReturnType<typeof createDesignPropertiesAdmin>;

  beforeEach(() => {
    sut = createDesignPropertiesAdmin({ db: database.db, clock: new Clock() });
  });

  const superUser = () => callerAs(database.db, DEMO.superUser);
  const save = async (form: z.input<typeof DesignPropertiesBody>) =>
    sut.save(await superUser(), DesignPropertiesBody.parse(form));
  const read = async (query: z.input<typeof DesignPropertiesQuery>) =>
    sut.get(await superUser(), DesignPropertiesQuery.parse(query));
  const { agencyId } = idsByName(database);
  const storedRows = () =>
    database.db
      .select({
        agencyId: designProperties.agencyId,
        header: designProperties.headerHtml,
        footer: designProperties.footerHtml,
      })
      .from(designProperties)
      .orderBy(asc(designProperties.agencyId));

  describe('save', () => {
    it('should store no script, event handler or javascript: link, keep the plain markup, answer the design as stored and audit it', async () => {
      const demoTravel = await agencyId('Demo Travel');

      const saved = await save({
        agencyId: demoTravel,
        header: HOSTILE_HEADER,
        footer: '<p onclick="alert(1)">Call <b>03-1234567</b></p>',
      });

      const [row] = await storedRows();
      expect(row?.agencyId).toBe(demoTravel);
      for (const html of [row?.header, row?.footer, saved.header, saved.footer]) {
        expect(html).toBeTruthy();
        expect(html).not.toMatch(
          /<script|onerror|onclick|javascript:|<style|<form|<input|__pwned/i,
        );
      }
      expect(row?.header).toContain('<h1 class="brand">Demo Travel</h1>');
      expect(row?.header).toContain('<img src="x" alt="logo">');
      expect(row?.header).toContain('<a>Call us</a>');
      expect(row?.footer).toBe('<p>Call <b>03-1234567</b></p>');
      expect(saved).toEqual({
        agencyId: demoTravel,
        header: row?.header,
        footer: row?.footer,
        inherited: false,
      });
      const [audit] = await database.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'designProperties.save'));
      expect(audit?.n).toBe(1);
    });

    it('should store the default without an agency, an empty header as none', async () => {
      const saved = await save({ header: '', footer: '<p>Every agency</p>' });

      expect(saved).toEqual({
        agencyId: null,
        header: null,
        footer: '<p>Every agency</p>',
        inherited: false,
      });
    });

    it('should refuse an agency that does not exist, storing nothing', async () => {
      const refusal = await refusalOf(save({ agencyId: 999_999, header: '<p>x</p>', footer: '' }));

      expect(refusal.code).toBe('NOT_FOUND');
      expect(await storedRows()).toEqual([]);
    });
  });

  describe('get', () => {
    it("should answer an agency's own design, else the default it shows", async () => {
      const demoTravel = await agencyId('Demo Travel');
      const globe = await agencyId('Globe Tours');
      await save({ agencyId: demoTravel, header: HOSTILE_HEADER, footer: '' });
      await save({ header: '', footer: '<p>Every agency</p>' });

      const inherited = await read({ agencyId: globe });
      const own = await read({ agencyId: demoTravel });

      expect(inherited).toEqual({
        agencyId: globe,
        header: null,
        footer: '<p>Every agency</p>',
        inherited: true,
      });
      expect(own.inherited).toBe(false);
      expect(own.header).toContain('Demo Travel');
    });
  });
});
