// The call center in virtual time: agents, calls ringing, answered, waiting, dropped and talked,
// driven by one dialer's decisions. Events in a heap, no wall clock. Every dialer sees only the
// present (agents, calls in flight) and outcomes that already happened: nothing of the future.
import type { BusyAgent } from '../../server/src/modules/dialer/forecast.ts';
import { EventQueue } from './heap.ts';
import { logNormal, mulberry32, type Random, uniform } from './random.ts';

export interface Scenario {
  name: string;
  agents: number;
  shiftSeconds: number;
  /** Local time the shift starts, minutes after midnight (VICIdial's taper reads the clock). */
  shiftStartMinute: number;
  /** Answer probability at a virtual time (seconds since the shift began). */
  answerProbability: (at: number) => number;
  talkMeanSeconds: number;
  talkCv: number;
  /** Answered calls: seconds of ringing before the answer. */
  answerDelay: [number, number];
  /** Unanswered calls: shares and durations (ringing to the dialer's timeout, busy tone, failure). */
  noAnswerSeconds: number;
  busyShare: number;
  busySeconds: [number, number];
  failedShare: number;
  failedSeconds: [number, number];
  /** Answered and not connected within this many seconds: abandoned (and dropped). */
  abandonSeconds: number;
  /** The dialer's tick (seconds): every dialer decides at the same instants. */
  tickSeconds: number;
  cps: number;
  maxConcurrentCalls: number;
  seed: number;
}

/** What a dialer sees at a tick. */
export interface DialerView {
  at: number;
  /** Local wall time of the campaign, HHMM as a number (e.g. 1430). */
  hourMinute: number;
  availableAgents: number;
  busyAgents: BusyAgent[];
  ringing: number;
  /** How long each ringing call has rung. */
  ringingSeconds: number[];
  answeredWaiting: number;
  /** Tokens of the CPS bucket and lines left under the plan's limit. */
  cpsTokens: number;
  concurrentCallsLeft: number;
}

export type ObservedOutcome =
  | { kind: 'ANSWERED'; answerDelaySeconds: number; abandoned: boolean }
  | { kind: 'BUSY' | 'NO_ANSWER' | 'FAILED'; ringSeconds: number };

export interface Dialer {
  readonly name: string;
  /** Calls to place now. */
  decide(view: DialerView): number;
  /** An attempt's outcome, when it is known (an answered call: at connection or at drop). */
  observe(outcome: ObservedOutcome, at: number): void;
  /** A talk ended after `seconds`. */
  observeTalk(seconds: number, at: number): void;
  /** Called every second with the same view (VICIdial samples every second). */
  sample?(view: DialerView): void;
}

export interface Result {
  dialer: string;
  scenario: string;
  placed: number;
  answered: number;
  abandoned: number;
  connected: number;
  shortCalls: number;
  talkSeconds: number;
  abandonRate: number;
  occupancy: number;
  callsPerHour: number;
  connectsPerHour: number;
  /** Abandon rate per hour of the shift. */
  abandonByHour: number[];
}

type Event =
  | { at: number; type: 'TICK' }
  | { at: number; type: 'SAMPLE' }
  | { at: number; type: 'RESOLVE'; call: number }
  | { at: number; type: 'DROP'; call: number }
  | { at: number; type: 'TALK_END'; agent: number };

interface Call {
  placedAt: number;
  outcome: 'ANSWER' | 'BUSY' | 'NO_ANSWER' | 'FAILED';
  resolveAt: number;
  talkSeconds: number;
  state: 'RINGING' | 'WAITING' | 'TALKING' | 'DONE';
  answeredAt: number;
}

export function simulate(scenario: Scenario, dialer: Dialer): Result {
  // Common random numbers: the n-th call and the n-th talk draw the same values whatever the dialer.
  const callRandom: Random = mulberry32(scenario.seed);
  const talkRandom: Random = mulberry32(scenario.seed ^ 0x9e3779b9);
  const queue = new EventQueue<Event>();
  const end = scenario.shiftSeconds;
  const calls: Call[] = [];
  const agentBusySince: (number | null)[] = Array.from({ length: scenario.agents }, () => null);
  const agentIdleSince: number[] = Array.from({ length: scenario.agents }, () => 0);
  const agentCall: (number | null)[] = Array.from({ length: scenario.agents }, () => null);
  const waiting: number[] = [];
  let ringing = 0;
  const ringingCalls = new Set<number>();
  let lines = 0;
  const result: Result = {
    dialer: dialer.name,
    scenario: scenario.name,
    placed: 0,
    answered: 0,
    abandoned: 0,
    connected: 0,
    shortCalls: 0,
    talkSeconds: 0,
    abandonRate: 0,
    occupancy: 0,
    callsPerHour: 0,
    connectsPerHour: 0,
    abandonByHour: [],
  };
  const hours = Math.ceil(end / 3600);
  const answeredByHour = new Array<number>(hours).fill(0);
  const abandonedByHour = new Array<number>(hours).fill(0);
  const hourOf = (at: number) => Math.min(hours - 1, Math.floor(at / 3600));

  const view = (at: number, cpsTokens: number): DialerView => {
    const busyAgents: BusyAgent[] = [];
    let available = 0;
    for (const since of agentBusySince) {
      if (since === null) available++;
      else busyAgents.push({ phase: 'TALK', elapsedSeconds: at - since });
    }
    const ringingSeconds: number[] = [];
    for (const id of ringingCalls) ringingSeconds.push(at - calls[id]!.placedAt);
    const minute = scenario.shiftStartMinute + Math.floor(at / 60);
    return {
      at,
      hourMinute: Math.floor(minute / 60) * 100 + (minute % 60),
      availableAgents: available,
      busyAgents,
      ringing,
      ringingSeconds,
      answeredWaiting: waiting.length,
      cpsTokens,
      concurrentCallsLeft: scenario.maxConcurrentCalls - lines,
    };
  };

  const connect = (callId: number, agent: number, at: number) => {
    const call = calls[callId]!;
    call.state = 'TALKING';
    agentBusySince[agent] = at;
    agentCall[agent] = callId;
    result.connected++;
    dialer.observe({ kind: 'ANSWERED', answerDelaySeconds: call.answeredAt - call.placedAt, abandoned: false }, at);
    if (call.talkSeconds <= 6) result.shortCalls++;
    queue.push({ at: at + call.talkSeconds, type: 'TALK_END', agent });
  };

  // The longest-idle free agent takes a call (what a queue's longest-idle strategy does).
  const freeAgent = (): number | null => {
    let best: number | null = null;
    for (let i = 0; i < scenario.agents; i++) {
      if (agentBusySince[i] === null && (best === null || agentIdleSince[i]! < agentIdleSince[best]!)) best = i;
    }
    return best;
  };

  const place = (at: number) => {
    const p = scenario.answerProbability(at);
    const r = callRandom();
    const d = callRandom();
    const talk = logNormal(talkRandom, scenario.talkMeanSeconds, scenario.talkCv);
    let outcome: Call['outcome'];
    let duration: number;
    if (r < p) {
      outcome = 'ANSWER';
      duration = uniform(() => d, ...scenario.answerDelay);
    } else {
      const rest = (r - p) / (1 - p);
      if (rest < scenario.busyShare) {
        outcome = 'BUSY';
        duration = uniform(() => d, ...scenario.busySeconds);
      } else if (rest < scenario.busyShare + scenario.failedShare) {
        outcome = 'FAILED';
        duration = uniform(() => d, ...scenario.failedSeconds);
      } else {
        outcome = 'NO_ANSWER';
        duration = scenario.noAnswerSeconds;
      }
    }
    calls.push({ placedAt: at, outcome, resolveAt: at + duration, talkSeconds: talk, state: 'RINGING', answeredAt: 0 });
    ringing++;
    ringingCalls.add(calls.length - 1);
    lines++;
    result.placed++;
    queue.push({ at: at + duration, type: 'RESOLVE', call: calls.length - 1 });
  };

  queue.push({ at: 0, type: 'SAMPLE' });
  queue.push({ at: 0, type: 'TICK' });
  let secondStart = -1;
  let tokens = 0;
  for (let event = queue.pop(); event && event.at < end; event = queue.pop()) {
    const at = event.at;
    switch (event.type) {
      case 'SAMPLE':
        dialer.sample?.(view(at, 0));
        queue.push({ at: at + 1, type: 'SAMPLE' });
        break;
      case 'TICK': {
        // CPS: a bucket of `cps` tokens per 1-second window, refilled at each new second.
        const second = Math.floor(at);
        if (second !== secondStart) {
          secondStart = second;
          tokens = scenario.cps;
        }
        const wanted = dialer.decide(view(at, tokens));
        const n = Math.max(0, Math.min(wanted, tokens, scenario.maxConcurrentCalls - lines));
        for (let i = 0; i < n; i++) place(at);
        tokens -= n;
        queue.push({ at: at + scenario.tickSeconds, type: 'TICK' });
        break;
      }
      case 'RESOLVE': {
        const call = calls[event.call]!;
        ringing--;
        ringingCalls.delete(event.call);
        if (call.outcome !== 'ANSWER') {
          call.state = 'DONE';
          lines--;
          dialer.observe({ kind: call.outcome, ringSeconds: at - call.placedAt }, at);
          break;
        }
        call.answeredAt = at;
        result.answered++;
        answeredByHour[hourOf(at)]!++;
        const agent = freeAgent();
        if (agent !== null) connect(event.call, agent, at);
        else {
          call.state = 'WAITING';
          waiting.push(event.call);
          queue.push({ at: at + scenario.abandonSeconds, type: 'DROP', call: event.call });
        }
        break;
      }
      case 'DROP': {
        const call = calls[event.call]!;
        if (call.state !== 'WAITING') break;
        // No agent within the threshold: the call is dropped (a message, then hang-up).
        call.state = 'DONE';
        waiting.splice(waiting.indexOf(event.call), 1);
        lines--;
        result.abandoned++;
        result.shortCalls++;
        abandonedByHour[hourOf(call.answeredAt)]!++;
        dialer.observe({ kind: 'ANSWERED', answerDelaySeconds: call.answeredAt - call.placedAt, abandoned: true }, at);
        break;
      }
      case 'TALK_END': {
        const callId = agentCall[event.agent]!;
        const call = calls[callId]!;
        call.state = 'DONE';
        lines--;
        result.talkSeconds += call.talkSeconds;
        dialer.observeTalk(call.talkSeconds, at);
        agentBusySince[event.agent] = null;
        agentCall[event.agent] = null;
        agentIdleSince[event.agent] = at;
        const next = waiting.shift();
        if (next !== undefined) connect(next, event.agent, at);
        break;
      }
    }
  }
  // Talks still going at the end count up to the end of the shift.
  for (let i = 0; i < scenario.agents; i++) {
    const since = agentBusySince[i];
    if (since !== null && since !== undefined) result.talkSeconds += end - since;
  }
  result.abandonRate = result.answered > 0 ? result.abandoned / result.answered : 0;
  result.occupancy = result.talkSeconds / (scenario.agents * end);
  result.callsPerHour = result.placed / (end / 3600);
  result.connectsPerHour = result.connected / (end / 3600);
  result.abandonByHour = answeredByHour.map((answered, hour) => (answered > 0 ? abandonedByHour[hour]! / answered : 0));
  return result;
}
