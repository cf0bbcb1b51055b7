// The switch of the switch-events bench, in its own process: the simulator (it answers every
// command the platform sends on its event socket), on whose event bus this process fires copies of
// the captured call (switch-events-flow.ts), so they reach the platform as FreeSWITCH sends them.
// Driven by its parent over IPC:
//   { tenants: TenantNames[] }                          whose calls to make (round robin)
//   { run: { mode: 'closed', calls, seconds } }          keep `calls` calls in flight; each call's
//        events are fired at once and a new call starts when the parent says one ended ({ ended: n })
//   { run: { mode: 'paced', eventsPerSecond, seconds, spreadMs } }   calls started at a fixed rate,
//        each call's events spread over spreadMs as in the capture; each emitting event's send time
//        goes to the parent ({ sent: [callId, emission, epoch ms][] })
// and answers { ready: eslPort } once listening, { done: { events, calls, seconds } } after a run.
// Usage: switch-events-sim.ts <conf dir> <esl password>
import { startSwitchSimulator } from '../switch-sim/src/index.ts';
import { captureCall, captureStartMicros, emissionsOf, tenantCall, type FlowEvent, type TenantNames } from './switch-events-flow.ts';

type Run = { mode: 'closed'; calls: number; seconds: number } | { mode: 'paced'; eventsPerSecond: number; seconds: number; spreadMs: number };
type Message = { tenants: TenantNames[] } | { run: Run } | { ended: number };

const [confDir, password] = process.argv.slice(2);
if (!confDir || !password || !process.send) throw new Error('usage (forked): switch-events-sim.ts <conf dir> <esl password>');
const send = (message: unknown) => process.send!(message);

const sim = await startSwitchSimulator({ host: '127.0.0.1', eslPort: 0, eslPassword: password, confDir, controlPort: 0 });
const bus = sim.model.bus;
const capture = captureCall();
const emissions = emissionsOf(capture);
const startMicros = captureStartMicros(capture);
const lastMicros = Number(capture.at(-1)!.headers['Event-Date-Timestamp']);
/** Each event's place in the call, 0..1, as in the capture's own timing. */
const offsets = capture.map((event) => (Number(event.headers['Event-Date-Timestamp']) - startMicros) / (lastMicros - startMicros));
const origins = capture.map((event) => ({
  file: event.headers['Event-Calling-File'] ?? 'switch_channel.c',
  func: event.headers['Event-Calling-Function'] ?? 'switch_channel_perform_event',
  line: Number(event.headers['Event-Calling-Line-Number'] ?? 0),
}));

let tenants: TenantNames[] = [];
let made = 0;
let fired = 0;
const epochMs = () => performance.timeOrigin + performance.now();

/** A new call of the next tenant, its profile's instants moved to now. */
function nextCall() {
  const tenant = tenants[made++ % tenants.length]!;
  return tenantCall(capture, tenant, Math.round(epochMs() * 1000) - startMicros);
}

/** One event on the bus, stamped now like switch_event_create; the ESL connections send it on. */
function fire(event: FlowEvent, index: number): void {
  const created = bus.create(event.name, origins[index]!, event.subclass);
  for (const [name, value] of event.headers) created.add(name, value);
  bus.fire(created);
  fired += 1;
}

async function closed(run: Extract<Run, { mode: 'closed' }>): Promise<void> {
  const deadline = performance.now() + run.seconds * 1000;
  const start = (count: number) => {
    for (let i = 0; i < count && performance.now() < deadline; i += 1) nextCall().events.forEach(fire);
  };
  const onMessage = (message: Message) => {
    if ('ended' in message) start(message.ended);
  };
  process.on('message', onMessage);
  start(run.calls);
  await new Promise((resolve) => setTimeout(resolve, run.seconds * 1000));
  process.off('message', onMessage);
}

async function paced(run: Extract<Run, { mode: 'paced' }>): Promise<void> {
  const callsPerSecond = run.eventsPerSecond / capture.length;
  const began = performance.now();
  const pending: Array<Array<{ due: number; call: ReturnType<typeof nextCall> }>> = capture.map(() => []);
  let started = 0;
  let sent: Array<[string, string, number]> = [];
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      const elapsed = (now - began) / 1000;
      while (elapsed < run.seconds && started < elapsed * callsPerSecond) {
        const call = nextCall();
        const at = began + (started / callsPerSecond) * 1000;
        capture.forEach((_, index) => pending[index]!.push({ due: at + offsets[index]! * run.spreadMs, call }));
        started += 1;
      }
      // Index by index: a call's earlier event always goes first.
      pending.forEach((queue, index) => {
        while (queue.length > 0 && queue[0]!.due <= now) {
          const { call } = queue.shift()!;
          fire(call.events[index]!, index);
          const emission = emissions.find((candidate) => candidate.index === index);
          if (emission) sent.push([call.callId, emission.type, epochMs()]);
        }
      });
      if (sent.length > 0) {
        send({ sent });
        sent = [];
      }
      if (elapsed >= run.seconds && pending.every((queue) => queue.length === 0)) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
}

process.on('message', (message: Message) => {
  if ('tenants' in message) tenants = message.tenants;
  if (!('run' in message)) return;
  const { run } = message;
  const before = { fired, made, at: performance.now() };
  void (run.mode === 'closed' ? closed(run) : paced(run)).then(() =>
    send({ done: { events: fired - before.fired, calls: made - before.made, seconds: (performance.now() - before.at) / 1000 } }),
  );
});
process.on('disconnect', () => void sim.stop().then(() => process.exit(0)));
send({ ready: sim.eslPort, perCall: capture.length });
