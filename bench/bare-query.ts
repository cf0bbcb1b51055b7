// The baseline d: one SELECT repeated by `concurrency` workers on a bare `pg` Pool (max 10), in its
// own process so that it pays for its client CPU just as the platform does for its own.
// Usage: bare-query.ts <database url> <concurrency> <seconds> <sql> [json parameters]
import pg from 'pg';
import { measure } from './load.ts';

const [url, concurrency, seconds, text, parameters] = process.argv.slice(2);
if (!url || !concurrency || !seconds || !text) throw new Error('usage: bare-query.ts <url> <concurrency> <seconds> <sql> [json parameters]');
const values = parameters ? (JSON.parse(parameters) as unknown[]) : [];
const pool = new pg.Pool({ connectionString: url, max: 10 });
// Several statements in one simple query answer one result each: count the last one's rows.
const rowCount = async () => {
  const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(result) ? result.at(-1)! : result).rowCount;
};
const expected = await rowCount();
const result = await measure('bare pg query', async () => (await rowCount()) === expected, {
  concurrency: Number(concurrency),
  seconds: Number(seconds),
  quiet: true,
});
await pool.end();
process.stdout.write(`${JSON.stringify(result)}\n`);
