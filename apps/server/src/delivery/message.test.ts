import { describe, expect, it } from 'vitest';
import { loadEnv } from '@/config/env';
import { emailOf, pushPayloadOf, type NotificationContent } from './message';

const env = loadEnv({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
const content = (stage?: number): NotificationContent => ({
  id: 42,
  title: 'Schedule change',
  titleMessage: 'Flight LY316 departs 5 hours later',
  pnrSummary: null,
  pnr: 'ABC123',
  ...(stage === undefined ? {} : { stage }),
});

describe('the message of a delivery', () => {
  it('should say the title alone when the notification is raised', () => {
    expect(emailOf(env, 'agent@demo.test', content(0)).subject).toBe(
      'Schedule change – PNR ABC123',
    );
    expect(pushPayloadOf(env, content()).title).toBe('Schedule change');
  });

  it('should say a reminder is one, and that a change told to the managers is not handled yet', () => {
    expect(emailOf(env, 'agent@demo.test', content(1)).subject).toBe(
      'Reminder: Schedule change – PNR ABC123',
    );
    expect(emailOf(env, 'manager@demo.test', content(2)).text.split('\n')[0]).toBe(
      'Not handled yet: Schedule change',
    );
    expect(pushPayloadOf(env, content(2)).title).toBe('Not handled yet: Schedule change');
  });
});
