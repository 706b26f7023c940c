import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

// The process's one registry, made once when this module loads: tests build many apps in one
// process, and prom-client refuses a metric name registered twice. Names follow Prometheus's
// conventions: the `smt_` prefix, the unit in the name, `_total` on counters. Label values
// come from short fixed lists (route templates, not URLs), never from what a caller sends.

export const registry = new Registry();

// Process, heap, GC and event-loop lag (nodejs_eventloop_lag_*), as every Node exporter has them.
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'smt_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

export const engineChecks = new Counter({
  name: 'smt_engine_checks_total',
  help:
    'Checks of a booking against the GDS, by result: checked, busy (another worker held it), ' +
    'gone (the GDS no longer has it), unwatched (its connection let go), superseded (the booking ' +
    'was written during the check, which is run again) or failed.',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const engineNotificationsRaised = new Counter({
  name: 'smt_engine_notifications_raised_total',
  help: 'Notifications the engine raised on bookings, by notification type.',
  labelNames: ['type'] as const,
  registers: [registry],
});

export const engineFailures = new Counter({
  name: 'smt_engine_failures_total',
  help:
    "Failures of the engine's own loops, by stage (schedule, sync, fold-tallies, credits); a failed " +
    'check counts in smt_engine_checks_total{result="failed"}.',
  labelNames: ['stage'] as const,
  registers: [registry],
});

export const gdsCallDuration = new Histogram({
  name: 'smt_gds_call_duration_seconds',
  help: 'Time of a call to the reservation system, by operation and result (ok or error).',
  labelNames: ['operation', 'result'] as const,
  registers: [registry],
});

export const deliveryAttempts = new Counter({
  name: 'smt_delivery_attempts_total',
  help:
    'Attempts to send a notification, by channel and result: sent, failed (tried again ' +
    'later) or ended (not sendable, e.g. the push subscription is gone).',
  labelNames: ['channel', 'result'] as const,
  registers: [registry],
});
