import { rm } from 'node:fs/promises';
import { dropWorldTemplates, worldFolder } from './notifications-world-image';

/**
 * Vitest's global setup of the integration project: at the run's end, the images of the
 * notifications world its workers made (PostgreSQL templates and a folder, named after this,
 * the run's main process).
 */
export default function setup(): () => Promise<void> {
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) await dropWorldTemplates(adminUrl, process.pid);
    await rm(worldFolder(process.pid), { recursive: true, force: true });
  };
}
