// What the dialer-decisions test files share (dialer-decisions*.int.test.ts): each file starts its own
// app with the dialer ticked by hand (startManualDialerApp) and builds these helpers on it.
import { sql } from 'kysely';
import pino from 'pino';
import { expect } from 'vitest';
import { INITIAL_STATISTICS, RING_AGE_BUCKETS } from '../src/modules/dialer/campaign-statistics.ts';
import { type CampaignTick, DialerEngine, type DialerOptions } from '../src/services/dialer/dialer.service.ts';
import { realtimePublisher } from '../src/platform/realtime/events.ts';
import { createCoordination } from '../src/platform/coordination/index.ts';
import type { Coordination } from '../src/platform/coordination/coordination.ts';
import { createMember } from './harness.ts';
import type { SwitchedApp } from './switch.ts';
import { type DialerTenant, NEVER, type steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';

export const tickOf = (ticks: CampaignTick[], campaignId: string) =>
  ticks.find((tick) => tick.campaignId === campaignId);

/** Statistics pacing trusts (predictive mode), with this answer probability. */
export const trusted = (answerProbability: number) => ({
  ...INITIAL_STATISTICS,
  outcomes: 400,
  answered: 400 * answerProbability,
  talks: 40,
  answerProbability,
  answerByRingAge: RING_AGE_BUCKETS.map(() => answerProbability),
});

/** The helpers bound to a file's app (read when called: the app starts in the file's beforeAll) and its model. */
export function decisionHelpers(app: () => SwitchedApp, model: ReturnType<typeof steerableModel>) {
  /**
   * Another dialer process on the file's database and switch, never started by itself: the test ticks
   * it. On `coordination` when given; otherwise on a coordination of its own, so the file's engine,
   * alive in the shared one, does not halve its share of the campaigns, nor its flag the file's
   * engine's share in the next tests (closed by `stop`).
   */
  function secondEngine(owner: string, options: Partial<DialerOptions>, shared?: Coordination) {
    const coordination = shared ?? createCoordination({});
    const engine = new DialerEngine({
      db: app().db,
      coordination,
      esl: app().runtime.target.esl,
      realtime: realtimePublisher(coordination),
      log: pino({ level: 'silent' }),
      options: { tickMs: NEVER, reconcileMs: NEVER, callingClock: () => WEDNESDAY_MORNING, simulationModel: model, random: () => 0.5, simulation: true, realOutbound: false, owner, ...options },
    });
    const stop = async () => {
      await engine.stop();
      if (!shared) await coordination.close();
    };
    return { engine, stop };
  }

  let extensionNumber = 7100;
  /**
   * `count` agents of the queue, made through the API (the switch knows them, logged out there) and
   * AVAILABLE in the database: pacing counts them, the switch never offers them a call.
   */
  async function switchlessAgents(owner: DialerTenant, queueId: string, count: number): Promise<void> {
    const tenantId = owner.tenant.tenant.id;
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await app().app.inject({ method: 'POST', url, headers: owner.auth, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<{ id: string }>();
    };
    for (let i = 0; i < count; i++) {
      const extension = await post('/extensions', { number: String(++extensionNumber) });
      const member = await createMember(app().app, owner.tenant.admin.session, 'agent');
      const agent = await post('/agents', { userId: member.id, extensionId: extension.id });
      await post(`/queues/${queueId}/agents`, { agentId: agent.id });
      await app().db.withTenant(tenantId, (tx) =>
        tx.updateTable('agents').set({ state: 'AVAILABLE' }).where('id', '=', agent.id).execute(),
      );
    }
  }

  const stopCampaign = (tenantId: string, campaignId: string) =>
    app().db.withTenant(tenantId, (tx) =>
      tx.updateTable('campaigns').set({ status: 'STOPPED' }).where('id', '=', campaignId).execute(),
    );

  /** A queue of the tenant with `count` switchless agents. */
  async function queueWithAgents(owner: DialerTenant, name: string, count: number): Promise<string> {
    const queue = await app().app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name } });
    expect(queue.statusCode, queue.body).toBe(201);
    const queueId = queue.json<{ id: string }>().id;
    await switchlessAgents(owner, queueId, count);
    return queueId;
  }

  /**
   * The campaign's saved dialer state, as a previous tick would have left it: these statistics and dial
   * level, and today's answered and abandoned calls counted for today in the campaign's zone.
   */
  const seedState = (
    tenantId: string,
    campaignId: string,
    state: { dialLevel: number; statistics: typeof INITIAL_STATISTICS; answeredToday?: number; abandonedToday?: number },
  ) =>
    app().db.withTenant(tenantId, (tx) =>
      tx
        .insertInto('campaignDialerState')
        .values({
          tenantId,
          campaignId,
          dialLevel: state.dialLevel,
          mode: 'PREDICTIVE',
          statistics: JSON.stringify(state.statistics),
          lastDecision: '{}',
          answeredToday: state.answeredToday ?? 0,
          abandonedToday: state.abandonedToday ?? 0,
          countsDay: sql<string>`(SELECT (now() AT TIME ZONE c.timezone)::date FROM campaigns c WHERE c.id = ${campaignId})`,
        })
        .execute(),
    );

  /** What the engine saved of the campaign's last tick. */
  const stateOf = (tenantId: string, campaignId: string) =>
    app().db.withTenant(tenantId, async (tx) => {
      const row = await tx.selectFrom('campaignDialerState').selectAll().where('campaignId', '=', campaignId).executeTakeFirst();
      return row && { ...row, lastDecision: row.lastDecision as { reasons?: string[]; abandonAction?: string; placed?: number } };
    });

  /**
   * Every call a 30 s no-answer: nothing reaches the switch or ends while the test looks, so the calls
   * placed stay ringing. Returns what puts the shared model back as it was.
   */
  function ringingLong(): () => void {
    const { weights, ringSeconds } = model;
    const ring = ringSeconds.NO_ANSWER;
    model.only('NO_ANSWER');
    model.ringSeconds.NO_ANSWER = [30, 30];
    return () => {
      model.weights = weights;
      model.ringSeconds.NO_ANSWER = ring;
    };
  }

  /** Customer legs of the campaign the switch created (the agent's leg carries the same svc_* but its own uuid). */
  function originatesOf(campaignId: string): { count: () => number; stop: () => void } {
    const seen = new Set<string>();
    const stop = app().simulator().model.bus.subscribe((event) => {
      const uuid = event.get('Unique-ID');
      if (
        event.name === 'CHANNEL_CREATE' &&
        event.get('variable_svc_campaign_id') === campaignId &&
        uuid === event.get('variable_svc_call_id')
      )
        seen.add(uuid ?? '');
    });
    return { count: () => seen.size, stop };
  }

  return { secondEngine, switchlessAgents, stopCampaign, queueWithAgents, seedState, stateOf, ringingLong, originatesOf };
}
