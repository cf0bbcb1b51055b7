// The event-socket protocol over real TCP: framing, auth, api/bgapi, subscriptions, filters, exit.
import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSwitchSimulator, type SwitchSimulator } from '../src/index.ts';
import { header, parseEvent, WireParser } from './esl-wire.ts';
import { TestEslClient, eventHeader } from './esl-client.ts';
import { fixtureBytes, fixtureMessages } from './fixtures.ts';
import { CONF_DIR, sleep } from './helpers.ts';

let sim: SwitchSimulator;
beforeEach(async () => {
  sim = await startSwitchSimulator({ confDir: CONF_DIR, eslPort: 0, controlPort: 0, speed: 20 });
  // the gateways' sofia::gateway_state events are over before the tests subscribe
  await until(() => sim.model.gateways.list().every((gw) => gw.state === 'REGED' || gw.state === 'NOREG'));
});
afterEach(async () => {
  await sim.stop();
});

/** Raw bytes received until the server closes the connection. */
function rawSession(port: number, send: (socket: Socket) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.connect(port, '127.0.0.1', () => send(socket));
  });
}

describe('auth', () => {
  it('greets with auth/request and accepts the password', async () => {
    const client = await TestEslClient.connect(sim.eslPort);
    const greeting = await client.next();
    expect(greeting.raw.toString()).toBe('Content-Type: auth/request\n\n');
    client.write('auth ClueCon\n\n');
    const reply = await client.next();
    expect(reply.raw.toString()).toBe('Content-Type: command/reply\nReply-Text: +OK accepted\n\n');
    await client.close();
  });

  it('answers a wrong password byte for byte like 12_auth_fail.raw and disconnects', async () => {
    const bytes = await rawSession(sim.eslPort, (socket) => setTimeout(() => socket.write('auth wrong\n\n'), 20));
    expect(bytes.equals(fixtureBytes('12_auth_fail.raw'))).toBe(true);
  });

  it('refuses commands before auth', async () => {
    const client = await TestEslClient.connect(sim.eslPort);
    await client.next();
    expect(header(await client.command('api status'), 'Reply-Text')).toBe('-ERR command not found');
    await client.close();
  });
});

describe('framing', () => {
  it('parses commands split across chunks and merged in one chunk', async () => {
    const client = await TestEslClient.connect(sim.eslPort);
    await client.next();
    const all = 'auth ClueCon\n\napi version\n\napi global_getvar local_ip_v4\n\n';
    for (const byte of Buffer.from(all.slice(0, 20))) {
      client.socket.write(Buffer.from([byte]));
      await sleep(1);
    }
    client.socket.write(all.slice(20));
    expect(header(await client.next(), 'Reply-Text')).toBe('+OK accepted');
    const version = await client.next();
    expect(version.body).toBe('FreeSWITCH Version 1.10.12-release~64bit (-release 64bit)\n');
    expect(Number(header(version, 'Content-Length'))).toBe(Buffer.byteLength(version.body));
    expect((await client.next()).body).toBe('127.0.0.1');
    await client.close();
  });

  it('accepts CRLF line endings and leading blank lines', async () => {
    const client = await TestEslClient.connect(sim.eslPort);
    await client.next();
    client.write('\r\nauth ClueCon\r\n\r\n');
    expect(header(await client.next(), 'Reply-Text')).toBe('+OK accepted');
    await client.close();
  });

  it('reads its own output back across arbitrary TCP chunk boundaries', () => {
    const stream = Buffer.from('Content-Type: api/response\nContent-Length: 5\n\nhello' + 'Content-Type: command/reply\nReply-Text: +OK\n\n');
    const parser = new WireParser();
    const out = [];
    for (let i = 0; i < stream.length; i += 3) out.push(...parser.push(stream.subarray(i, i + 3)));
    expect(out.map((m) => m.body)).toEqual(['hello', '']);
  });
});

describe('commands', () => {
  let client: TestEslClient;
  beforeEach(async () => {
    client = await TestEslClient.connect(sim.eslPort);
    await client.auth();
  });
  afterEach(async () => {
    await client.close();
  });

  it('runs api commands with api/response framing', async () => {
    const reply = await client.command('api nosuchcommand');
    expect(reply.raw.toString()).toBe('Content-Type: api/response\nContent-Length: 38\n\n-ERR nosuchcommand Command not found!\n');
    expect(await client.api('uuid_kill 00000000-0000-0000-0000-000000000000')).toBe('-ERR No such channel!\n');
  });

  it('create_uuid answers a new uuid each time, without a line break (mod_commands; inline in a set: switch-queue-entry.int.test.ts)', async () => {
    const [a, b] = [await client.api('create_uuid'), await client.api('create_uuid')];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
  });

  it('answers unknown commands with -ERR command not found', async () => {
    expect(header(await client.command('frobnicate'), 'Reply-Text')).toBe('-ERR command not found');
  });

  it('bgapi replies at once and delivers BACKGROUND_JOB only to subscribers', async () => {
    const other = await TestEslClient.connect(sim.eslPort);
    await other.auth();
    await other.command('event plain CHANNEL_CREATE');
    await client.command('event plain BACKGROUND_JOB');
    client.write('bgapi status\nJob-UUID: 11111111-2222-3333-4444-555555555555\n\n');
    const reply = await client.next((m) => header(m, 'Content-Type') === 'command/reply');
    expect(reply.raw.toString()).toBe(
      'Content-Type: command/reply\nReply-Text: +OK Job-UUID: 11111111-2222-3333-4444-555555555555\nJob-UUID: 11111111-2222-3333-4444-555555555555\n\n',
    );
    const job = await client.waitEvent((e) => eventHeader(e, 'Event-Name') === 'BACKGROUND_JOB');
    expect(eventHeader(job, 'Job-UUID')).toBe('11111111-2222-3333-4444-555555555555');
    expect(eventHeader(job, 'Job-Command')).toBe('status');
    expect(job.body).toMatch(/^UP 0 years, 0 days/);
    const jobId = await client.bgapi('version');
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(50);
    expect(other.events().some((e) => eventHeader(e, 'Event-Name') === 'BACKGROUND_JOB')).toBe(false);
    await other.close();
  });

  it('delivers plain, json and xml events with the outer Content-Length first', async () => {
    const formats = ['plain', 'json', 'xml'] as const;
    const clients = await Promise.all(formats.map(() => TestEslClient.connect(sim.eslPort)));
    for (const [i, c] of clients.entries()) {
      await c.auth();
      expect(header(await c.command(`event ${formats[i]} BACKGROUND_JOB`), 'Reply-Text')).toBe(`+OK event listener enabled ${formats[i]}`);
    }
    await client.bgapi('global_getvar local_ip_v4');
    for (const [i, c] of clients.entries()) {
      const message = await c.next((m) => header(m, 'Content-Type') === `text/event-${formats[i]}`);
      expect(message.headers.map(([k]) => k)).toEqual(['Content-Length', 'Content-Type']);
      expect(Number(message.headers[0]![1])).toBe(Buffer.byteLength(message.body));
      const event = parseEvent(message)!;
      expect(eventHeader(event, 'Event-Name')).toBe('BACKGROUND_JOB');
      expect(event.body).toBe('127.0.0.1');
      await c.close();
    }
  });

  it('subscribes to CUSTOM subclasses only when named (or with ALL)', async () => {
    await client.command('event plain CUSTOM sofia::register');
    const all = await TestEslClient.connect(sim.eslPort);
    await all.auth();
    await all.command('event plain ALL');
    await client.api('callcenter_config agent add x@default callback');
    sim.control.register({ user: '1000', domain: '127.0.0.1', password: '1234' });
    await client.waitEvent((e) => eventHeader(e, 'Event-Subclass') === 'sofia::register');
    await all.waitEvent((e) => eventHeader(e, 'Event-Subclass') === 'callcenter::info');
    expect(client.events().some((e) => eventHeader(e, 'Event-Subclass') === 'callcenter::info')).toBe(false);
    await all.close();
  });

  it('filters events by header value, and deletes filters', async () => {
    expect(header(await client.command('filter Unique-ID 11111111-0000-0000-0000-000000000001'), 'Reply-Text')).toBe(
      '+OK filter added. [Unique-ID]=[11111111-0000-0000-0000-000000000001]',
    );
    await client.command('event plain ALL');
    await client.api('originate {origination_uuid=11111111-0000-0000-0000-000000000001}null/a &park');
    await client.api('originate {origination_uuid=11111111-0000-0000-0000-000000000002}null/b &park');
    await client.waitEvent((e) => eventHeader(e, 'Event-Name') === 'CHANNEL_PARK');
    await sleep(50);
    expect(new Set(client.events().map((e) => eventHeader(e, 'Unique-ID')))).toEqual(new Set(['11111111-0000-0000-0000-000000000001']));
    expect(header(await client.command('filter delete Unique-ID 11111111-0000-0000-0000-000000000001'), 'Reply-Text')).toBe(
      '+OK filter deleted. [Unique-ID][11111111-0000-0000-0000-000000000001]',
    );
    expect(header(await client.command('filter'), 'Reply-Text')).toBe('-ERR command not found');
    await client.api('hupall');
  });

  it('nixevent and noevents', async () => {
    await client.command('event plain ALL');
    expect(header(await client.command('nixevent API'), 'Reply-Text')).toBe('+OK events nixed');
    await client.api('version');
    expect(header(await client.command('nixevent'), 'Reply-Text')).toBe('-ERR no keywords supplied');
    expect(header(await client.command('noevents'), 'Reply-Text')).toBe('+OK no longer listening for events');
    expect(header(await client.command('noevents'), 'Reply-Text')).toBe('-ERR not listening for events');
    await client.api('version');
    await sleep(30);
    expect(client.events().filter((e) => eventHeader(e, 'Event-Name') === 'API')).toHaveLength(0);
    expect(header(await client.command('event'), 'Reply-Text')).toBe('-ERR no keywords supplied');
  });

  it('exit says +OK bye and disconnects exactly like FreeSWITCH', async () => {
    const capture = fixtureMessages('11_misc_replies.raw');
    const expected = Buffer.concat(capture.slice(-2).map((m) => m.raw));
    client.write('exit\n\n');
    await client.next((m) => header(m, 'Content-Type') === 'text/disconnect-notice');
    await until(() => client.closed);
    const bytes = client.bytes();
    expect(bytes.subarray(bytes.length - expected.length).equals(expected)).toBe(true);
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await sleep(5);
}
