// Call records and recordings (docs/calls.md).
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { Timestamp, CreatedAt, Json, Defaulted } from './column-types.ts';

export type CallDirection = 'INBOUND' | 'OUTBOUND' | 'INTERNAL';

/** A call as the switch's events built it (docs/calls.md). Times are the switch's event times. */
export interface CallsTable {
  id: string;
  tenantId: string;
  direction: CallDirection;
  callerNumber: string | null;
  callerName: string | null;
  calledNumber: string | null;
  /** The numbers' comparison keys, computed by the database (app_phone_key, GET /calls?phone=). */
  callerKey: GeneratedAlways<string | null>;
  calledKey: GeneratedAlways<string | null>;
  extensionId: string | null;
  trunkId: string | null;
  queueId: string | null;
  agentId: string | null;
  attemptId: string | null;
  campaignId: string | null;
  leadId: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  answerAt: Date | null;
  queuedAt: Date | null;
  queueLeftAt: Date | null;
  queueCause: string | null;
  queueCancelReason: string | null;
  bridgedAt: Date | null;
  endedAt: Date | null;
  ringTime: number | null;
  waitTime: number | null;
  talkTime: number | null;
  durationSeconds: number | null;
  billableSeconds: number | null;
  hangupCause: string | null;
  dispositionId: string | null;
  disposition: string | null;
  dispositionBy: string | null;
  dispositionAt: Date | null;
  updatedAt: Timestamp;
}

export interface CallLegsTable {
  id: string;
  tenantId: string;
  callId: string;
  direction: 'inbound' | 'outbound';
  channelName: string | null;
  callerNumber: string | null;
  destinationNumber: string | null;
  extensionId: string | null;
  agentId: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  answeredAt: Date | null;
  bridgedAt: Date | null;
  endedAt: Date | null;
  hangupCause: string | null;
}

export interface CallEventsTable {
  id: Generated<string>;
  tenantId: string;
  callId: string;
  legId: string | null;
  name: string;
  eventKey: string;
  occurredAt: ColumnType<Date, Date | string, Date | string>;
  headers: Json<Record<string, string>>;
}

export type RecordingStatus = 'RECORDING' | 'AVAILABLE' | 'FAILED' | 'DELETED';

export type RecordingReason = 'CAMPAIGN' | 'QUEUE' | 'DIALPLAN';

export interface RecordingsTable {
  id: Generated<string>;
  tenantId: string;
  callId: string;
  /** 1 for the call's first recording, 2 for the next (a second recorded queue), … */
  seq: Defaulted<number>;
  status: Defaulted<RecordingStatus>;
  switchPath: string | null;
  storageKey: string | null;
  /** bigint: read as text by pg, turned into a number where it leaves the repository. */
  sizeBytes: ColumnType<string | null, number | null | undefined, number | null>;
  /** numeric: read as text by pg. */
  durationSeconds: ColumnType<string | null, number | null | undefined, number | null>;
  failureReason: string | null;
  /** Which setting made the recording (decision 0082); null for recordings older than the column. */
  reason: ColumnType<RecordingReason | null, RecordingReason | null | undefined, RecordingReason | null>;
  createdAt: CreatedAt;
  storedAt: Date | null;
  retentionUntil: Date | null;
  deletedAt: Date | null;
  updatedAt: Timestamp;
}
