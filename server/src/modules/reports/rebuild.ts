// The reports' rebuild (`npm run reports:rebuild`): recomputes a tenant's rollups from its raw rows
// with app_reports_rebuild, as the database owner, one tenant per transaction (decision 0088).
import pg from 'pg';

export type RebuildTarget = { all: true } | { tenant: string };

/** The raw tables the rollups are kept from: held still (SHARE) while a tenant's rollups are rebuilt. */
const RAW_TABLES = ['queue_entries', 'agent_state_events', 'agent_pause_events', 'dial_attempts', 'calls', 'leads', 'recordings', 'campaign_dialer_samples'];

const LOCK_TIMEOUT_MS = 200;
const LOCK_ATTEMPTS = 50;
const LOCK_NOT_AVAILABLE = '55P03';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REBUILD_USAGE = 'usage: npm run reports:rebuild -- --tenant <code or id> | --all';

/** `--tenant <code or id>` or `--all`, nothing else; throws the usage otherwise. */
export function parseRebuildArgs(argv: string[]): RebuildTarget {
  if (argv.length === 1 && argv[0] === '--all') return { all: true };
  if (argv.length === 2 && argv[0] === '--tenant' && argv[1]) return { tenant: argv[1] };
  const inline = argv.length === 1 ? /^--tenant=(.+)$/.exec(argv[0]!) : null;
  if (inline) return { tenant: inline[1]! };
  throw new Error(REBUILD_USAGE);
}

export interface RebuiltTenant {
  id: string;
  code: string;
}

/** Rebuilds the target's tenants; the ones rebuilt. A tenant code or id that matches none throws. */
export async function rebuildReports(ownerUrl: string, target: RebuildTarget): Promise<RebuiltTenant[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const tenants = await tenantsOf(client, target);
    if ('tenant' in target && tenants.length === 0) throw new Error(`no tenant has the code or id "${target.tenant}"`);
    for (const tenant of tenants) await rebuildOne(client, tenant.id);
    return tenants;
  } finally {
    await client.end();
  }
}

/**
 * One tenant's rebuild with its writers held still: the raw tables locked in SHARE mode (reads go
 * on, writes wait until the commit), so no contribution is counted twice or lost. The locks are
 * asked for with a short lock_timeout, shorter than PostgreSQL's deadlock_timeout: a writer that
 * holds one of them and wants another waits for us a moment instead of being killed as a deadlock,
 * and we let go and try again shortly.
 */
async function rebuildOne(client: pg.Client, tenantId: string, attempts = LOCK_ATTEMPTS): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
      await client.query(`LOCK TABLE ${RAW_TABLES.join(', ')} IN SHARE MODE`);
      await client.query('SELECT app_reports_rebuild($1::uuid)', [tenantId]);
      await client.query('COMMIT');
      return;
    } catch (error) {
      await client.query('ROLLBACK');
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOCK_TIMEOUT_MS * (1 + Math.random())));
    }
  }
}

async function tenantsOf(client: pg.Client, target: RebuildTarget): Promise<RebuiltTenant[]> {
  if ('all' in target) return (await client.query<RebuiltTenant>('SELECT id, code FROM tenants ORDER BY code')).rows;
  const byId = UUID.test(target.tenant);
  const { rows } = await client.query<RebuiltTenant>(
    byId ? 'SELECT id, code FROM tenants WHERE id = $1::uuid' : 'SELECT id, code FROM tenants WHERE lower(code) = lower($1)',
    [target.tenant],
  );
  return rows;
}
