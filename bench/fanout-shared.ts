// What the realtime fan-out bench's processes agree on: the event published, how its sequence
// number rides in a schema-valid payload, and the messages between the bench and its load process.
import type { RealtimeEventType } from '../server/src/platform/realtime/events.ts';

/** A small event the switch consumer publishes for real: { queueId, count } (event-schemas.ts). */
export const EVENT_TYPE: RealtimeEventType = 'QUEUE_MEMBER_COUNT';

/**
 * Each tenant's events are numbered in `count`; warm-up events from 0, measured ones from here, so
 * the load process tells them apart without another field (the payload schema admits none).
 */
export const MEASURED_FROM = 1_000_000;

/** One client: where it connects, as which tenant, with what in the handshake's auth. */
export interface ClientSpec {
  url: string;
  tenantId: string;
  auth: Record<string, string>;
}

export type ToLoad =
  | { kind: 'connect'; clients: ClientSpec[] }
  /** Measured events each tenant was sent: compare, report, disconnect. */
  | { kind: 'report'; expected: Record<string, number> };

export interface LoadReport {
  kind: 'report';
  deliveries: number;
  /** Measured events a client was sent but never got, and ones it got twice. */
  missing: number;
  duplicates: number;
  /** Events of another tenant than the client's: must be 0. */
  foreign: number;
  /** Sockets that dropped during the run. */
  disconnects: number;
  /** Publish → receive, milliseconds (the event's `at` against the client's clock; one machine). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p99 of the events sent in each second of the measured run. */
  p99BySecond: number[];
}

export type FromLoad = { kind: 'connected'; seconds: number } | LoadReport | { kind: 'failed'; message: string };

/** The q-quantile of ascending values (nearest rank). */
export const quantile = (sorted: ArrayLike<number>, q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
