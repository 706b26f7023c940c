import { dropWorldTemplates } from './notifications-world-image';

/**
 * Vitest's global setup of the integration project: at the run's end, the PostgreSQL templates
 * its workers made of the notifications world (named after this, the run's main process).
 */
export default function setup(): () => Promise<void> {
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) await dropWorldTemplates(adminUrl, process.pid);
  };
}
