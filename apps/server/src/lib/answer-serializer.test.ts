import { NotificationListResponse } from '@smt/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer';

const Answer = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  kind: z.enum(['A', 'B']),
  tags: z.array(z.object({ text: z.string() })),
  extra: z.record(z.string(), z.number()).optional(),
});

const writerOf = (schema: unknown, check: boolean) =>
  answerSerializerCompiler({ check })({
    schema,
    method: 'POST',
    url: '/api/x',
    httpStatus: '200',
  });

const answer = {
  id: 7,
  name: 'Maya "M" Levi',
  note: null,
  kind: 'A',
  tags: [{ text: 'one' }],
  extra: { a: 1 },
};

describe('answerSerializerCompiler', () => {
  it('should compile a schema once for every app and route that names it', () => {
    const first = writerOf(Answer, false);
    expect(writerOf(Answer, false)).toBe(first);
    expect(writerOf(Answer.extend({}), false)).not.toBe(first);
  });

  it.each([true, false])('should write what JSON.stringify would (check %s)', (check) => {
    expect(JSON.parse(writerOf(Answer, check)(answer))).toEqual(answer);
  });

  it('should leave out a field the schema does not name, at any depth', () => {
    const written = writerOf(
      Answer,
      false,
    )({
      ...answer,
      secret: 'x',
      tags: [{ text: 'one', hidden: true }],
    });
    expect(JSON.parse(written)).toEqual(answer);
  });

  it('should refuse an answer its zod schema refuses when checking', () => {
    const write = writerOf(Answer, true);
    expect(() => write({ ...answer, id: 'seven' })).toThrow();
    expect(() => write({ ...answer, kind: 'C' })).toThrow();
  });

  it('should refuse an answer the fast writing would change when checking', () => {
    // A codec is written by zod as its encoded side, and from the schema as its output side:
    // the check says they differ instead of sending either.
    const Coded = z.object({
      amount: z.codec(z.string(), z.number(), { decode: Number, encode: String }),
    });
    expect(() => writerOf(Coded, true)({ amount: 12.5 })).toThrow(/written differently/);
  });

  it('should write a date as its ISO text', () => {
    const At = z.object({ at: z.date() });
    const written = writerOf(At, false)({ at: new Date('2026-11-27T10:00:00.000Z') });
    expect(JSON.parse(written)).toEqual({ at: '2026-11-27T10:00:00.000Z' });
  });

  it('should write a notification list page exactly as before', () => {
    const page = {
      notifications: [
        {
          notification_id: 12,
          type: 'Reprice',
          subtype: 'Pending',
          group: 'REPRICE',
          type_status: 'Active',
          title: 'Reprice',
          title_message: 'A lower fare: USD 120.40 less',
          notification_time: '2026-11-27T09:00:00.000Z',
          readonly: false,
          status: 'NEW',
          contact_name: null,
          pnr_summary: 'TLV-JFK 12DEC',
          pnr: 'ABC123',
          alerts: [{ text: 'Fare rules changed' }],
          agent_name: 'Dana',
          deadline: null,
        },
      ],
      hasMore: true,
    };
    expect(NotificationListResponse.parse(page)).toEqual(page);
    expect(JSON.parse(writerOf(NotificationListResponse, true)(page))).toEqual(page);
  });

  it('should write with JSON.stringify a schema that is not zod', () => {
    expect(writerOf({ type: 'object' }, true)({ a: 1 })).toBe('{"a":1}');
  });
});
