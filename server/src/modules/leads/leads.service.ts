// Reading a campaign's leads and its imports: the list pages, one import, and its refused rows as
// a CSV a spreadsheet opens safely. Each read first finds the campaign in the tenant (404 otherwise).
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findCampaign } from '../campaigns/campaigns.repo.ts';
import * as repo from './leads.repo.ts';
import type { LeadList, LeadsQuery, ListImport } from './leads.schema.ts';

/** Refused rows read per query while the CSV streams out. */
const REJECTS_PAGE = 5000;

async function assertCampaign(tx: Tx, campaignId: string): Promise<void> {
  if (!(await findCampaign(tx, campaignId))) throw notFound('campaign');
}

/**
 * One CSV chunk: RFC 4180 quoting, and a value starting with = + - @ (or tab, CR) prefixed with '
 * so a spreadsheet shows it as text rather than running it as a formula.
 */
export const csvLines = (records: (string | number)[][]) => stringify(records, { escape_formulas: true, record_delimiter: '\r\n' });

export class LeadsService {
  constructor(private readonly deps: { db: DatabaseHandles }) {}

  async list(tenantId: string, campaignId: string, query: LeadsQuery): Promise<LeadList> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      await assertCampaign(tx, campaignId);
      const { items, total } = await repo.listLeads(tx, campaignId, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  async imports(tenantId: string, campaignId: string): Promise<ListImport[]> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      await assertCampaign(tx, campaignId);
      return (await repo.listImports(tx, campaignId)).map(repo.toListImport);
    });
  }

  async getImport(tenantId: string, campaignId: string, importId: string): Promise<ListImport> {
    const row = await this.deps.db.withTenant(tenantId, async (tx) => {
      await assertCampaign(tx, campaignId);
      return repo.findImport(tx, campaignId, importId);
    });
    if (!row) throw notFound('listImport');
    return repo.toListImport(row);
  }

  /** The refused rows (row, value, reason) in file order, read a page at a time as the client downloads. */
  async rejectedCsv(tenantId: string, campaignId: string, importId: string): Promise<{ stream: Readable; fileName: string }> {
    const found = await this.getImport(tenantId, campaignId, importId);
    const db = this.deps.db;
    async function* chunks() {
      yield csvLines([['row', 'value', 'reason']]);
      for (let after = 0; ; ) {
        const rows = await db.withTenant(tenantId, (tx) => repo.rejectsAfter(tx, importId, after, REJECTS_PAGE));
        if (rows.length === 0) return;
        yield csvLines(rows.map((row) => [row.rowNumber, row.rawValue, row.reason]));
        after = rows.at(-1)!.rowNumber;
      }
    }
    return { stream: Readable.from(chunks()), fileName: `rejected-${found.id}.csv` };
  }
}
