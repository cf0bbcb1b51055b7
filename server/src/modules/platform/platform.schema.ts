import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../../platform/http/schemas.ts';

export const UserStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('DISABLED')]);

export const PlatformUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  status: UserStatus,
  platformRole: Nullable(Type.String()),
  mustChangePassword: Type.Boolean(),
  lastLoginAt: Nullable(Timestamp),
  createdAt: Timestamp,
  memberships: Type.Array(
    Type.Object({ tenantId: Type.String(), tenantCode: Type.String(), tenantName: Type.String(), role: Type.String() }),
  ),
});

export const UserStatusBody = Type.Object({ status: UserStatus }, { additionalProperties: false });

export const AuditEvent = Type.Object({
  id: Type.String(),
  tenantId: Nullable(Type.String()),
  actorUserId: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
  action: Type.String(),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  createdAt: Timestamp,
});

export const SystemConfig = Type.Object({
  dialerSimulation: Type.Boolean(),
  dialerRealOutbound: Type.Boolean(),
  /** Whether this instance has an event-socket connection to drive (FREESWITCH_ESL_HOST, or the built-in simulator). */
  eventSocketConfigured: Type.Boolean(),
  /** The switch the platform drives: the built-in simulator or a FreeSWITCH, where, and whether it is connected now. */
  switch: Type.Object({
    kind: Type.Union([Type.Literal('simulator'), Type.Literal('freeswitch')]),
    address: Nullable(Type.String()),
    connected: Type.Boolean(),
    /** This instance's counters since it started; null without a switch. */
    activity: Nullable(
      Type.Object({
        unattributedEvents: Type.Object({ total: Type.Integer(), byKind: Type.Record(Type.String(), Type.Integer()) }),
        healing: Type.Object({
          passes: Type.Integer(),
          agentsChecked: Type.Integer(),
          corrections: Type.Integer(),
          byKind: Type.Object({ state: Type.Integer(), status: Type.Integer(), readd: Type.Integer(), tiers: Type.Integer() }),
        }),
      }),
    ),
  }),
  storageProvider: Type.String(),
  environment: Type.String(),
  baseDomain: Type.String(),
  coordination: Type.String(),
});

const Component = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()) });
export const PlatformHealth = Type.Object({
  ok: Type.Boolean(),
  components: Type.Object({ database: Component, cache: Component, switch: Component }),
});

/** One counter of a tenant against its plan; `limit` null means no limit. `tracked` false: not measured yet, `used` is 0. */
const Usage = Type.Object({ used: Type.Number(), limit: Nullable(Type.Number()), tracked: Type.Boolean() });
export const TenantQuota = Type.Object({
  tenantId: Type.String(),
  tenantCode: Type.String(),
  tenantName: Type.String(),
  status: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  usage: Type.Object({
    extensions: Usage,
    agents: Usage,
    trunks: Usage,
    queues: Usage,
    campaigns: Usage,
    leads: Usage,
    monthlyCalls: Usage,
    recordingStorageGb: Usage,
  }),
});
export type TenantQuota = Static<typeof TenantQuota>;
