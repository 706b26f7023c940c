import { ROUTES } from '../routes';
import {
  DesignProperties,
  DesignPropertiesBody,
  DesignPropertiesQuery,
} from '../schemas/design-properties';
import { EngineStatus } from '../schemas/health';
import { CreatePnrBody, CreatePnrResponse, PnrInfo, PnrInfoQuery } from '../schemas/pnr-info';
import { defineCall } from './define-call';

// The super user's tools of SPEC §2.11: PNR info and create PNR (paths ours), the engine's
// health, and the share page's design properties (one path, read with GET, saved with POST).

const DESIGN = 'admin/management/design-properties';

export const managementToolCalls = {
  pnrInfo: defineCall({
    method: 'GET',
    path: 'admin/pnr/info',
    access: ROUTES.pnrInfo,
    query: PnrInfoQuery,
    answer: PnrInfo,
    refusals: ['management.pnr-not-found'],
  }),
  createPnr: defineCall({
    method: 'POST',
    path: 'admin/pnr/create',
    access: ROUTES.createPnr,
    body: CreatePnrBody,
    answer: CreatePnrResponse,
    refusals: [
      'management.agent-outside',
      'management.agent-not-in-branch',
      'management.branch-not-in-agency',
      'management.connection-outside',
      'management.no-real-connection',
      'management.booking-refused',
    ],
  }),
  engineHealth: defineCall({
    method: 'GET',
    path: 'admin/health/engine',
    access: ROUTES.health,
    answer: EngineStatus,
  }),
  getDesignProperties: defineCall({
    method: 'GET',
    path: DESIGN,
    access: ROUTES.designProperties,
    query: DesignPropertiesQuery,
    answer: DesignProperties,
    refusals: ['management.no-such-agency'],
  }),
  saveDesignProperties: defineCall({
    method: 'POST',
    path: DESIGN,
    access: ROUTES.designProperties,
    body: DesignPropertiesBody,
    answer: DesignProperties,
    refusals: ['management.no-such-agency'],
  }),
};

const tools = managementToolCalls;

// Each tool call's path under /api, for a caller that names it (a test, say).

export const PNR_TOOL_CALLS = {
  pnrInfo: tools.pnrInfo.path,
  createPnr: tools.createPnr.path,
};

export const DESIGN_PROPERTIES_CALLS = {
  get: tools.getDesignProperties.path,
  save: tools.saveDesignProperties.path,
};
