// Live switch introspection for platform operators. An unreachable switch is an answer, not a
// failure: 200 with ok false and the reason.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import { parseShowJson, parseSofiaStatus, parseStatus } from '../../platform/switch/introspection.ts';

export interface SwitchTarget {
  esl: EslClient;
  host: string;
  port: number;
  /** What this instance's event consumer and self-healing counted since it started. */
  activity?: () => SwitchActivity;
}

/** Counters of one instance since it started (GET /platform/system-config). */
export interface SwitchActivity {
  /** Switch events that matched no tenant: counted and dropped, by event kind. */
  unattributedEvents: { total: number; byKind: Record<string, number> };
  /** The agents' self-healing: passes, agents checked, agents corrected, corrections by kind. */
  healing: { passes: number; agentsChecked: number; corrections: number; byKind: { state: number; status: number; readd: number; tiers: number } };
}

const Failure = { ok: Type.Literal(false), error: Type.String() };
const Node = Type.Object({
  id: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  connected: Type.Boolean(),
  version: Type.Union([Type.String(), Type.Null()]),
  uptime: Type.Union([Type.String(), Type.Null()]),
});

const answer = async <T extends object>(work: () => Promise<T>) => {
  try {
    return { ok: true as const, ...(await work()) };
  } catch (error) {
    return { ok: false as const, error: (error as Error).message };
  }
};

export const switchAdminRoutes =
  (target: SwitchTarget): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: { platform: true, permission: 'platform.operations.view' } } as const;
    const tags = ['platform'];
    const node = (connected: boolean, status?: { version: string | null; uptime: string | null }) => ({
      id: `${target.host}:${target.port}`,
      host: target.host,
      port: target.port,
      connected,
      version: status?.version ?? null,
      uptime: status?.uptime ?? null,
    });

    app.get('/platform/freeswitch/channels', {
      config,
      schema: {
        tags,
        response: {
          200: Type.Union([
            Type.Object({ ok: Type.Literal(true), count: Type.Integer(), channels: Type.Array(Type.Record(Type.String(), Type.String())) }),
            Type.Object(Failure),
          ]),
          ...errorResponses(401, 403),
        },
      },
      handler: () =>
        answer(async () => {
          const channels = parseShowJson(await target.esl.api('show channels as json'));
          return { count: channels.length, channels };
        }),
    });

    app.get('/platform/freeswitch/profiles', {
      config,
      schema: {
        tags,
        response: {
          200: Type.Union([
            Type.Object({
              ok: Type.Literal(true),
              profiles: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), data: Type.String(), state: Type.String() })),
            }),
            Type.Object(Failure),
          ]),
          ...errorResponses(401, 403),
        },
      },
      handler: () => answer(async () => ({ profiles: parseSofiaStatus(await target.esl.api('sofia status')) })),
    });

    app.get('/platform/freeswitch/nodes', {
      config,
      schema: {
        tags,
        response: {
          200: Type.Union([
            Type.Object({ ok: Type.Literal(true), nodes: Type.Array(Node) }),
            Type.Object({ ...Failure, nodes: Type.Array(Node) }),
          ]),
          ...errorResponses(401, 403),
        },
      },
      handler: async () => {
        // One node today; the list shape leaves room for several switches.
        const result = await answer(async () => ({ nodes: [node(true, parseStatus(await target.esl.api('status')))] }));
        return result.ok ? result : { ...result, nodes: [node(false)] };
      },
    });
  };
