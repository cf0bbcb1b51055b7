// The baseline f: the same work as GET /users and GET /extensions done the simplest correct way, in
// its own process: a bare Fastify server that verifies the bearer token (the platform's HS256
// check), reads the rows in one round trip (the tenant setting and the endpoint's own statement, as
// the application role under row-level security) and lets Fastify serialize them. No Redis, no
// request logs, no schemas: what the platform's request path costs is the distance to this.
// Usage: baseline-f.ts <application role database url> <jwt secret>; prints {"url":...} when listening.
import Fastify from 'fastify';
import pg from 'pg';
import { LIST_EXTENSIONS } from '../server/src/modules/extensions/extensions.repo.ts';
import { LIST_MEMBERS } from '../server/src/modules/users/users.repo.ts';
import { TokenService } from '../server/src/platform/auth/tokens.ts';

const [url, secret] = process.argv.slice(2);
if (!url || !secret) throw new Error('usage: baseline-f.ts <database url> <jwt secret>');
const pool = new pg.Pool({ connectionString: url, max: 10 });
const tokens = new TokenService(secret);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const app = Fastify({ logger: false });

for (const [path, statement] of [
  ['/users', LIST_MEMBERS],
  ['/extensions', LIST_EXTENSIONS],
] as const) {
  app.get(path, async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? tokens.verify(token) : null;
    if (!claims?.tenantId || !UUID.test(claims.tenantId)) return reply.code(401).send({ error: 'unauthorized' });
    // One simple-protocol round trip: the implicit transaction scopes the setting to this read.
    const results = (await pool.query(`SELECT set_config('app.tenant_id', '${claims.tenantId}', true); ${statement}`)) as unknown as pg.QueryResult[];
    return results.at(-1)!.rows;
  });
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: address })}\n`);
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
