// The control surface: a small JSON API on loopback for people and tests.
//   POST /phones/register {user, domain, password, expires?, autoAnswerMs?, busy?, busyWhenInUse?}
//   POST /phones/unregister {user, domain}        POST /phones/settings {user, domain, autoAnswerMs?, busy?}
//   POST /calls/inbound {did, callerIdNumber, callerIdName?, profile?, context?, vars?} → {uuid}
//   POST /calls/:uuid/answer {extension?}   POST /calls/:uuid/reject {cause?, extension?}
//   POST /calls/:uuid/dtmf {digits}         POST /calls/:uuid/hangup {cause?}
//   POST /outcomes {destination?, outcome, ringMs?, talkMs?, failCause?, times?}   DELETE /outcomes
//   GET /state   GET /health
// Every request but GET /health carries `Authorization: Bearer <token>` (see access.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { OUTCOME_KINDS, parseOutcome, type OutcomeKind } from '../core/outcomes.ts';
import { refusal } from './access.ts';
import type { ControlActions } from './actions.ts';

type Json = Record<string, unknown>;

function readBody(req: IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve({});
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) resolve(parsed as Json);
        else reject(new Error('the body must be a JSON object'));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    req.on('error', reject);
  });
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined =>
  typeof v === 'number'
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export class ControlServer {
  private server: Server | undefined;

  private ownOrigins: string[] = [];

  constructor(
    private readonly actions: ControlActions,
    private readonly token: string,
  ) {}

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer((req, res) => void this.handle(req, res));
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        this.server = server;
        const address = server.address();
        const bound = typeof address === 'object' && address ? address.port : port;
        const urlHost = host.includes(':') ? `[${host}]` : host;
        this.ownOrigins = [`http://${urlHost}:${bound}`, `http://localhost:${bound}`];
        resolve(bound);
      });
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const refused = refusal(
        { method, path: url.pathname, headers: req.headers },
        this.token,
        this.ownOrigins,
      );
      if (refused) {
        req.resume();
        return send(res, refused.status, { error: refused.error });
      }
      const body = method === 'POST' ? await readBody(req) : {};
      const result = this.route(method, url.pathname, body);
      send(res, result[0], result[1]);
    } catch (error) {
      send(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private route(method: string, path: string, body: Json): [number, unknown] {
    const a = this.actions;
    const phone = {
      autoAnswerMs: num(body.autoAnswerMs),
      busy: bool(body.busy),
      busyWhenInUse: bool(body.busyWhenInUse),
    };
    if (method === 'GET' && path === '/state') return [200, a.state()];
    if (method === 'GET' && path === '/health') return [200, { ok: true }];
    if (method === 'POST' && path === '/phones/register') {
      const user = str(body.user);
      const domain = str(body.domain);
      if (!user || !domain) return [400, { error: 'user and domain are required' }];
      const result = a.register({
        user,
        domain,
        password: str(body.password) ?? '',
        expires: num(body.expires),
        userAgent: str(body.userAgent),
        phone,
      });
      return [result.ok ? 200 : 403, result];
    }
    if (method === 'POST' && path === '/phones/unregister') {
      return [200, { ok: a.unregister(str(body.user) ?? '', str(body.domain) ?? '') }];
    }
    if (method === 'POST' && path === '/phones/settings') {
      return [200, { ok: a.phone(str(body.user) ?? '', str(body.domain) ?? '', phone) }];
    }
    if (method === 'POST' && path === '/calls/inbound') {
      const did = str(body.did);
      const callerIdNumber = str(body.callerIdNumber);
      if (!did || !callerIdNumber) return [400, { error: 'did and callerIdNumber are required' }];
      const vars =
        typeof body.vars === 'object' && body.vars !== null
          ? Object.fromEntries(Object.entries(body.vars).map(([k, v]) => [k, String(v)]))
          : undefined;
      return [
        200,
        {
          uuid: a.inbound({
            did,
            callerIdNumber,
            callerIdName: str(body.callerIdName),
            profile: str(body.profile),
            context: str(body.context),
            vars,
          }),
        },
      ];
    }
    const call = /^\/calls\/([^/]+)\/(answer|reject|dtmf|hangup)$/.exec(path);
    if (method === 'POST' && call) {
      const uuid = decodeURIComponent(call[1]!);
      const action = call[2];
      if (action === 'answer') return this.ok(a.answer(uuid, str(body.extension)));
      if (action === 'reject')
        return this.ok(a.reject(uuid, str(body.cause) ?? 'CALL_REJECTED', str(body.extension)));
      if (action === 'dtmf') return this.ok(a.dtmf(uuid, str(body.digits) ?? ''));
      return this.ok(a.hangup(uuid, str(body.cause)));
    }
    if (path === '/outcomes' && method === 'POST') {
      const outcome = str(body.outcome);
      const kind = parseOutcome(outcome);
      // A typo must not silently become "every call answers": name what is accepted instead.
      if (!kind)
        return [
          400,
          {
            error: `unknown outcome ${JSON.stringify(outcome ?? '')}: one of ${OUTCOME_KINDS.join(', ')} or a hangup cause (e.g. USER_BUSY)`,
            kinds: OUTCOME_KINDS,
          },
        ];
      a.addOutcome({
        destination: str(body.destination),
        outcome: kind as OutcomeKind,
        ringMs: num(body.ringMs),
        talkMs: num(body.talkMs),
        failCause: str(body.failCause),
        times: num(body.times),
      });
      return [200, { ok: true }];
    }
    if (path === '/outcomes' && method === 'DELETE') {
      a.clearOutcomes();
      return [200, { ok: true }];
    }
    return [404, { error: `no route ${method} ${path}` }];
  }

  private ok(done: boolean): [number, unknown] {
    return done ? [200, { ok: true }] : [404, { ok: false, error: 'no such call or leg' }];
  }
}
