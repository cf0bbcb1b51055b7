// The load on the wallboard: agents going round AVAILABLE → RINGING → IN_CALL → WRAP_UP, each
// every `periodMs` (staggered over the period), published as the platform publishes them (its own
// realtimePublisher over a Redis coordination connection) with the call and queue events a real
// call brings; plus a few agents moving for real through the API (pause/resume), so the database
// and the wallboard's re-reads change too.
import { randomUUID } from 'node:crypto';
import type { AgentState } from '../server/src/platform/db/schema.ts';
import type { AgentStateChangedPayload, AgentStatusChangedPayload } from '../server/src/platform/realtime/agent-event-schemas.ts';
import type { CallEventPayloads } from '../server/src/platform/realtime/event-schemas.ts';
import type { RealtimeEventType, RealtimePublisher } from '../server/src/platform/realtime/events.ts';
import type { BenchAgent } from './call-center-tenant.ts';

const NEXT: Partial<Record<AgentState, AgentState>> = { AVAILABLE: 'RINGING', RINGING: 'IN_CALL', IN_CALL: 'WRAP_UP', WRAP_UP: 'AVAILABLE' };

/** A state change the bench published, for the event → screen latency. */
export interface Published {
  name: string;
  state: AgentState;
  /** Date.now() just before publishing. */
  at: number;
}

export interface TrafficCounts {
  events: Partial<Record<RealtimeEventType, number>>;
  publishFailures: number;
  apiMoves: number;
  apiFailures: number;
}

interface Call {
  id: string;
  queueId: string;
  createdAt: string;
  answerAt: string | null;
}

export class WallboardTraffic {
  /** Each agent's state as the bench last moved it (all start logged in, AVAILABLE). */
  private readonly states = new Map<string, AgentState>();
  private readonly calls = new Map<string, Call>();
  private counts: TrafficCounts = { events: {}, publishFailures: 0, apiMoves: 0, apiFailures: 0 };

  constructor(
    private readonly setup: {
      publisher: RealtimePublisher;
      tenantId: string;
      base: string;
      queueIds: string[];
      pauseReasonId: string;
      /** Agents whose published changes are matched on screen. */
      watched: ReadonlySet<string>;
      onPublished: (published: Published) => void;
    },
  ) {}

  /**
   * Moves `agents` for `seconds`, each once per `periodMs`; the first `real` of them through the API.
   * Resolves with what was sent.
   */
  async run(agents: readonly BenchAgent[], options: { seconds: number; periodMs: number; real: number }): Promise<TrafficCounts> {
    this.counts = { events: {}, publishFailures: 0, apiMoves: 0, apiFailures: 0 };
    const started = Date.now();
    const due = agents.map((_, index) => started + (index / agents.length) * options.periodMs);
    const inFlight = new Set<string>();
    const queueTimer = setInterval(() => this.publishQueueCounts(), 1000);
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const now = Date.now();
        if (now - started >= options.seconds * 1000) {
          clearInterval(tick);
          resolve();
          return;
        }
        agents.forEach((agent, index) => {
          if (due[index]! > now) return;
          due[index]! += options.periodMs;
          if (index < options.real) this.moveThroughApi(agent, inFlight);
          else this.movePublished(agent);
        });
      }, 10);
    });
    clearInterval(queueTimer);
    while (inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.counts;
  }

  private publish<T extends Record<string, unknown>>(type: RealtimeEventType, payload: T): void {
    this.counts.events[type] = (this.counts.events[type] ?? 0) + 1;
    this.setup.publisher.publish(this.setup.tenantId, type, payload).catch(() => (this.counts.publishFailures += 1));
  }

  /** One step round the cycle, with the events the switch consumer would publish for it. */
  private movePublished(agent: BenchAgent): void {
    const previousState = this.states.get(agent.id) ?? 'AVAILABLE';
    const state = NEXT[previousState] ?? 'AVAILABLE';
    this.states.set(agent.id, state);
    const at = new Date().toISOString();
    this.callEvents(agent, state, at);
    if (this.setup.watched.has(agent.name)) this.setup.onPublished({ name: agent.name, state, at: Date.now() });
    this.publish('AGENT_STATE_CHANGED', { agentId: agent.id, userId: agent.userId, state, previousState, cause: 'bench' } satisfies AgentStateChangedPayload);
    this.publish('AGENT_STATUS_CHANGED', {
      agentId: agent.id,
      userId: agent.userId,
      switchStatus: null,
      switchState: state === 'IN_CALL' ? 'In a queue call' : 'Waiting',
      state,
      source: 'switch',
    } satisfies AgentStatusChangedPayload);
  }

  /** The call of an agent's cycle: offered and created on RINGING, answered on IN_CALL, ended on WRAP_UP. */
  private callEvents(agent: BenchAgent, state: AgentState, at: string): void {
    if (state === 'RINGING') {
      const call: Call = { id: randomUUID(), queueId: this.setup.queueIds[Math.floor(Math.random() * this.setup.queueIds.length)]!, createdAt: at, answerAt: null };
      this.calls.set(agent.id, call);
      this.publish('CALL_CREATED', {
        callId: call.id,
        direction: 'INBOUND',
        callerNumber: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        callerName: null,
        calledNumber: '+15550000000',
        extensionId: null,
        trunkId: null,
        campaignId: null,
        createdAt: at,
      } satisfies CallEventPayloads['CALL_CREATED']);
      this.publish('AGENT_OFFERED_CALL', { agentId: agent.id, queueId: call.queueId, callId: call.id, callerNumber: null, callerName: null } satisfies CallEventPayloads['AGENT_OFFERED_CALL']);
      return;
    }
    const call = this.calls.get(agent.id);
    if (!call) return;
    if (state === 'IN_CALL') {
      call.answerAt = at;
      this.publish('CALL_ANSWERED', { callId: call.id, answerAt: at } satisfies CallEventPayloads['CALL_ANSWERED']);
    } else if (state === 'WRAP_UP') {
      this.calls.delete(agent.id);
      const seconds = Math.round((Date.parse(at) - Date.parse(call.createdAt)) / 1000);
      this.publish('CALL_ENDED', {
        callId: call.id,
        direction: 'INBOUND',
        queueId: call.queueId,
        agentId: agent.id,
        createdAt: call.createdAt,
        answerAt: call.answerAt,
        bridgedAt: call.answerAt,
        endedAt: at,
        hangupCause: 'NORMAL_CLEARING',
        ringTime: 1,
        waitTime: 1,
        talkTime: seconds,
        durationSeconds: seconds,
        billableSeconds: seconds,
      } satisfies CallEventPayloads['CALL_ENDED']);
    }
  }

  private publishQueueCounts(): void {
    for (const queueId of this.setup.queueIds) {
      this.publish('QUEUE_MEMBER_COUNT', { queueId, count: Math.floor(Math.random() * 6) } satisfies CallEventPayloads['QUEUE_MEMBER_COUNT']);
    }
  }

  /** Pause or resume as the agent itself: the platform writes it and publishes AGENT_STATE_CHANGED. */
  private moveThroughApi(agent: BenchAgent, inFlight: Set<string>): void {
    if (inFlight.has(agent.id)) return;
    inFlight.add(agent.id);
    const paused = this.states.get(agent.id) === 'PAUSED';
    const request = paused
      ? { path: 'resume', body: {} }
      : { path: 'pause', body: { pauseReasonId: this.setup.pauseReasonId } };
    void fetch(`${this.setup.base}/agents/me/${request.path}`, {
      method: 'POST',
      headers: { authorization: agent.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        this.states.set(agent.id, paused ? 'AVAILABLE' : 'PAUSED');
        this.counts.apiMoves += 1;
      })
      .catch(() => (this.counts.apiFailures += 1))
      .finally(() => inFlight.delete(agent.id));
  }
}
