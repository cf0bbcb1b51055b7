// The reports' rebuild (`npm run reports:rebuild`): recomputes a tenant's rollups from its raw rows
// with app_reports_rebuild, as the database owner, one tenant per transaction (decision 0088).
import pg from 'pg';

export type RebuildTarget = { all: true } | { tenant: string };

/** The raw tables the rollups are kept from: held still (SHARE) while a tenant's rollups are rebuilt. */
const RAW_TABLES = ['queue_entries', 'agent_state_events', 'agent_pause_events', 'dial_attempts', 'calls', 'leads', 'recordings', 'campaign_dialer_samples'];

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
    for (const tenant of tenants) {
      await client.query('BEGIN');
      try {
        // Writers wait while the tenant's rows are summed: none is counted twice or lost.
        await client.query(`LOCK TABLE ${RAW_TABLES.join(', ')} IN SHARE MODE`);
        await client.query('SELECT app_reports_rebuild($1::uuid)', [tenant.id]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return tenants;
  } finally {
    await client.end();
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
