import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Prometheus metric of the process, in one registry (served by GET /metrics, api/src/http/metrics.ts).
 * Defined here, apart from HTTP, so the outbox worker and the M-Pesa inbox count what they do without knowing
 * about the server. Labels hold fixed words only (a route pattern, a method, an outcome): never a tenant, a
 * phone number, a name or a raw URL, so nothing personal leaves through metrics and the series stay few.
 */
export const registry = new Registry();

let defaultsOn = false;
/** Node's process metrics (CPU, memory, event loop lag, GC): once per process, when something serves them. */
export function enableDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry });
}

export const httpRequestDuration = new Histogram({
  name: 'ushirika_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern (never the raw URL), method and status class',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

// Computed at scrape time from the database (api/src/http/metrics.ts): counts and ages only, across all partners.
export const outboxQueued = new Gauge({
  name: 'ushirika_outbox_queued_messages',
  help: 'SMS messages waiting in the outbox (state queued: due now, scheduled, or waiting for a retry)',
  registers: [registry],
});
export const outboxOldestDueAge = new Gauge({
  name: 'ushirika_outbox_oldest_due_age_seconds',
  help: 'How long the queued message that became due first has been waiting (0 when none is due)',
  registers: [registry],
});
export const outboxWorkerBeatAge = new Gauge({
  name: 'ushirika_outbox_worker_heartbeat_age_seconds',
  help: "Seconds since any outbox worker's last heartbeat (NaN when no worker is known)",
  registers: [registry],
});

/** Outcome kinds as the worker records them (messaging/outbox/queries.ts `Outcome`). */
export const smsMessages = new Counter({
  name: 'ushirika_sms_messages_total',
  help: 'SMS messages whose gateway answer was recorded, by outcome (sent, delivered, failed, retry, unknown, opted_out)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
export const smsGatewayErrors = new Counter({
  name: 'ushirika_sms_gateway_errors_total',
  help: 'Gateway requests that failed as a whole: unavailable (retried later), uncertain (maybe sent) or refused (the API key or sender id: sending paused)',
  labelNames: ['error'] as const,
  registers: [registry],
});
/** Issue 31: a gateway account that cannot send pauses the outbox (messaging/outbox/gateway-pause.ts). */
export const smsGatewayPauses = new Counter({
  name: 'ushirika_sms_gateway_pauses_total',
  help: 'Times this process paused SMS sending because the gateway account could not send, by reason (credit, held, refused)',
  labelNames: ['reason'] as const,
  registers: [registry],
});
// Computed at scrape time from the database (api/src/http/metrics.ts), so every process shows the shared pause.
export const smsGatewayPaused = new Gauge({
  name: 'ushirika_sms_gateway_paused',
  help: 'Whether SMS sending is paused because the gateway account cannot send (1) or not (0), by reason (credit, held, refused)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const mpesaCallbacks = new Counter({
  name: 'ushirika_mpesa_callbacks_total',
  help: 'M-Pesa C2B callbacks received, by kind (validation, confirmation) and the outcome recorded in the inbox (held: a payment that needs a person; limited: an unknown secret over the per-address limit, not stored; unstored: the database was not reachable)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
export const mpesaPaymentsAllocated = new Counter({
  name: 'ushirika_mpesa_payments_allocated_total',
  help: 'M-Pesa payments allocated to an income account, by who allocated them (rule, staff)',
  labelNames: ['by'] as const,
  registers: [registry],
});
