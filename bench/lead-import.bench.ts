// A lead import through the real endpoint (POST /campaigns/:id/leads/import, multipart streamed
// from disk) against a raw COPY of the same rows into the same table, in one run: rows/s of each,
// their ratio (goal ≥ 0.5 × COPY and ≥ 50,000 rows/s), and the platform's peak RSS while it imports
// 100,000 rows and 1,000,000 rows (flat memory: the two peaks should be close).
//
// The file: a header `telefone;nome;cidade;cpf` (`;`, as Excel in pt-BR writes it), numbers in four
// written forms, 1 % invalid, 1 % repeated inside the file, 1 % of the numbers on the tenant's
// suppression list. The COPY side copies the same file's distinct valid rows, already in E.164 (COPY
// cannot normalise), with their data as JSON, into another campaign of the same tenant, as the table
// owner: what PostgreSQL alone takes to store them with the same indexes and constraints.
// Each repetition imports into fresh campaigns; COPY and HTTP alternate.
// Environment: BENCH_ROWS (100000), BENCH_BIG_ROWS (1000000; 0 skips), BENCH_REPETITIONS (3),
// BENCH_CPU_PROF=<dir> (the platform's CPU profile), BENCH_DATABASE_ADMIN_URL, BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { adminUrl, benchTenant, databaseUrlOf, file, json, root, setting, sql, startPlatform, type BenchTenant } from './bench-env.ts';

const ROWS = setting('BENCH_ROWS', 100_000);
const BIG_ROWS = setting('BENCH_BIG_ROWS', 1_000_000);
const REPETITIONS = setting('BENCH_REPETITIONS', 3);
const database = `callcenter_bench_leads_${process.pid}`;
const databaseUrl = databaseUrlOf(database);
const out = (line: string) => process.stdout.write(`${line}\n`);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/** The i-th customer: a distinct São Paulo mobile number (11 9xxxx-xxxx). */
const digits = (i: number) => `9${String(10_000_000 + i).padStart(8, '0').slice(-8)}`;
const e164 = (i: number) => `+5511${digits(i)}`;
const written = (i: number) => {
  const d = digits(i);
  switch (i % 4) {
    case 0:
      return `(11) ${d.slice(0, 5)}-${d.slice(5)}`;
    case 1:
      return `+55 11 ${d.slice(0, 5)}-${d.slice(5)}`;
    case 2:
      return `11 ${d.slice(0, 5)} ${d.slice(5)}`;
    default:
      return `011${d}`;
  }
};

interface Row {
  /** The number index, or null for an invalid row. */
  customer: number | null;
  phone: string;
  name: string;
  city: string;
  cpf: string;
}

/** The file's rows: 1 % invalid, 1 % repeating an earlier number; `offset` keeps files apart. */
function* rows(count: number, offset: number): Generator<Row> {
  for (let line = 0; line < count; line += 1) {
    const i = offset + line;
    const kind = line % 100;
    const customer = kind === 50 ? null : kind === 75 ? i - 1 : i;
    yield {
      customer,
      phone: customer === null ? `tel ${line}` : written(customer),
      name: `Cliente ${i}`,
      city: ['São Paulo', 'Campinas', 'Santos', 'Sorocaba'][i % 4]!,
      cpf: String(10_000_000_000 + i),
    };
  }
}

async function writeCsv(path: string, count: number, offset: number): Promise<void> {
  async function* lines() {
    yield 'telefone;nome;cidade;cpf\r\n';
    let chunk = '';
    for (const row of rows(count, offset)) {
      chunk += `${row.phone};${row.name};${row.city};${row.cpf}\r\n`;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  }
  await pipeline(Readable.from(lines()), createWriteStream(path));
}

/** COPY text format: the distinct valid rows, as the import would store them. */
function* copyLines(count: number, offset: number, tenantId: string, campaignId: string): Generator<string> {
  const seen = new Set<number>();
  let chunk = '';
  for (const row of rows(count, offset)) {
    if (row.customer === null || seen.has(row.customer)) continue;
    seen.add(row.customer);
    const data = JSON.stringify({ cidade: row.city, cpf: row.cpf });
    chunk += `${tenantId}\t${campaignId}\t${e164(row.customer)}\t${row.name}\tREADY\t${data.replace(/\\/g, '\\\\')}\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

async function copyRows(count: number, offset: number, tenantId: string, campaignId: string): Promise<{ seconds: number; copied: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(copyFrom('COPY leads (tenant_id, campaign_id, phone, name, status, data) FROM STDIN'));
    await pipeline(Readable.from(copyLines(count, offset, tenantId, campaignId)), stream);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, copied: Number(stream.rowCount) };
  } finally {
    await client.end();
  }
}

/** The file posted as multipart, read from disk as it is sent; the platform's RSS sampled every 50 ms meanwhile. */
async function importFile(base: string, tenant: BenchTenant, campaignId: string, path: string, pid: number) {
  const form = new FormData();
  form.append('file', await openAsBlob(path, { type: 'text/csv' }), 'leads.csv');
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    const response = await fetch(`${base}/campaigns/${campaignId}/leads/import`, { method: 'POST', headers: { authorization: tenant.authorization }, body: form });
    const body = (await response.json()) as Record<string, number>;
    if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, body, before, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

const created = async (base: string, tenant: BenchTenant, path: string, body: Record<string, unknown>) =>
  (await json(`${base}${path}`, { method: 'POST', headers: { authorization: tenant.authorization }, body: JSON.stringify(body) })).id as string;

await sql(adminUrl, `CREATE DATABASE ${database}`);
const smallFile = file(`bench/.leads-${process.pid}-small.csv`);
const bigFile = file(`bench/.leads-${process.pid}-big.csv`);
const started = startPlatform({ checkout: fileURLToPath(root).replace(/\/$/, ''), databaseUrl, jwtSecret: randomBytes(32).toString('base64url'), profileDir: process.env.BENCH_CPU_PROF });
try {
  const base = await started.url;
  const pid = started.child.pid!;
  await sql(databaseUrl, 'UPDATE plans SET max_campaigns = NULL, max_leads = NULL');
  const tenant = await benchTenant(base);
  const queueId = await created(base, tenant, '/queues', { name: 'Vendas' });
  const trunkId = await created(base, tenant, '/trunks', { name: 'Operadora', host: 'sip.carrier.example' });
  let campaigns = 0;
  const campaign = () => created(base, tenant, '/campaigns', { name: `Campanha ${(campaigns += 1)}`, queueId, trunkId, pacingMin: 1, pacingMax: 2 });
  // 1 % of the numbers on the suppression list (those of both files).
  await sql(
    databaseUrl,
    `INSERT INTO suppression_entries (tenant_id, phone, source)
     SELECT $1, '+5511' || '9' || lpad(((10000000 + n) % 100000000)::text, 8, '0'), 'MANUAL' FROM generate_series(0, $2::int - 1, 100) n`,
    [tenant.tenantId, ROWS + BIG_ROWS],
  );
  await writeCsv(smallFile, ROWS, 0);
  out(`lead import, ${ROWS} rows (${(readFileSync(smallFile).length / 1024 / 1024).toFixed(1)} MB), ${REPETITIONS} repetitions; load average before: ${loadavg()}`);
  out('| repetition | COPY rows/s | HTTP import rows/s | ratio | HTTP answer | platform RSS before → peak (MB) | load average |');
  out('|---|---|---|---|---|---|---|');
  const ratios: number[] = [];
  const httpRates: number[] = [];
  for (let repetition = 1; repetition <= REPETITIONS; repetition += 1) {
    const copy = await copyRows(ROWS, 0, tenant.tenantId, await campaign());
    const http = await importFile(base, tenant, await campaign(), smallFile, pid);
    // Rows of the file per second, on both sides: COPY is given only the rows that end as leads.
    const copyRate = ROWS / copy.seconds;
    const httpRate = ROWS / http.seconds;
    ratios.push(httpRate / copyRate);
    httpRates.push(httpRate);
    const { total, valid, invalid, duplicates, imported, suppressed } = http.body;
    out(
      `| ${repetition} | ${copyRate.toFixed(0)} (${copy.copied} rows in ${copy.seconds.toFixed(2)} s) | ${httpRate.toFixed(0)} (${http.seconds.toFixed(2)} s) | ${(httpRate / copyRate).toFixed(2)} | ` +
        `total ${total}, valid ${valid}, invalid ${invalid}, duplicates ${duplicates}, imported ${imported}, suppressed ${suppressed} | ${http.before.toFixed(0)} → ${http.peak.toFixed(0)} | ${loadavg()} |`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  out(`median ratio ${median(ratios).toFixed(2)} (goal ≥ 0.5: ${median(ratios) >= 0.5 ? 'reached' : 'NOT reached'}); median HTTP ${median(httpRates).toFixed(0)} rows/s (goal ≥ 50000: ${median(httpRates) >= 50_000 ? 'reached' : 'NOT reached'})`);

  if (BIG_ROWS > 0) {
    await writeCsv(bigFile, BIG_ROWS, ROWS);
    const big = await importFile(base, tenant, await campaign(), bigFile, pid);
    const { total, imported, suppressed, duplicates, invalid } = big.body;
    out(
      `${BIG_ROWS} rows (${(readFileSync(bigFile).length / 1024 / 1024).toFixed(1)} MB): ${(BIG_ROWS / big.seconds).toFixed(0)} rows/s (${big.seconds.toFixed(1)} s); ` +
        `total ${total}, imported ${imported}, duplicates ${duplicates}, invalid ${invalid}, suppressed ${suppressed}; platform RSS ${big.before.toFixed(0)} → peak ${big.peak.toFixed(0)} MB; load average ${loadavg()}`,
    );
  }
} finally {
  await started.stop();
  await rm(smallFile, { force: true });
  await rm(bigFile, { force: true });
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
