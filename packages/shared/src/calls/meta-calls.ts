import { APP_BASE_PATH } from '../constants';
import { ClientConfig } from '../schemas/client-config';
import { HealthResponse } from '../schemas/meta';
import { defineCall } from './define-call';

// What the SPA calls before anyone signs in, zod/mini only (the route budget of /login):
// importing one of these must not bring the full zod build or the phone metadata along.

/** Liveness and the settings the SPA needs before anyone signs in. */
export const metaCalls = {
  health: defineCall({ method: 'GET', path: 'health', access: 'public', answer: HealthResponse }),
  config: defineCall({ method: 'GET', path: 'config', access: 'public', answer: ClientConfig }),
};

/**
 * The version file the SPA compares itself with (MetaResponse). Not a call under /api: it sits
 * beside the SPA and needs no session, so it has no contract, only its address, written once.
 */
export const META_FILE_PATH = `${APP_BASE_PATH}/meta.json`;
