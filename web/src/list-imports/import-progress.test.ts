import { describe, expect, it } from 'vitest';
import {
  applyProgress,
  hasRejectedRows,
  parseImportProgress,
  progressFraction,
  startUpload,
  type ImportProgressEvent,
} from './import-progress.ts';

const event = (overrides: Partial<ImportProgressEvent>): ImportProgressEvent => ({
  importId: 'i1',
  kind: 'LEADS',
  campaignId: 'c1',
  bytesRead: 0,
  bytesExpected: null,
  rowsRead: 0,
  status: 'RUNNING',
  ...overrides,
});

describe('import progress', () => {
  it('follows the first import of its list and then only that one', () => {
    let upload = startUpload('LEADS', 'c1', 1000);
    upload = applyProgress(upload, event({ bytesRead: 250, rowsRead: 1000 }));
    expect(upload).toMatchObject({ importId: 'i1', bytesRead: 250, rowsRead: 1000 });
    expect(progressFraction(upload)).toBe(0.25);
    expect(applyProgress(upload, event({ importId: 'i2', bytesRead: 900 }))).toBe(upload);
  });

  it('ignores other campaigns and the other kind of list', () => {
    const upload = startUpload('LEADS', 'c1', 1000);
    expect(applyProgress(upload, event({ campaignId: 'c2', bytesRead: 500 }))).toBe(upload);
    expect(applyProgress(upload, event({ kind: 'SUPPRESSION', campaignId: null, bytesRead: 500 }))).toBe(
      upload,
    );
  });

  it('never goes backwards and stays within 0..1', () => {
    let upload = startUpload('SUPPRESSION', null, 100);
    upload = applyProgress(
      upload,
      event({ kind: 'SUPPRESSION', campaignId: null, bytesRead: 80, rowsRead: 8 }),
    );
    upload = applyProgress(
      upload,
      event({ kind: 'SUPPRESSION', campaignId: null, bytesRead: 40, rowsRead: 4 }),
    );
    expect(upload).toMatchObject({ bytesRead: 80, rowsRead: 8 });
    upload = applyProgress(
      upload,
      event({ kind: 'SUPPRESSION', campaignId: null, bytesRead: 150, rowsRead: 9 }),
    );
    expect(progressFraction(upload)).toBe(1);
    expect(progressFraction(startUpload('LEADS', 'c1', 0))).toBe(0);
  });

  it('offers the rejected rows only when some were refused', () => {
    expect(hasRejectedRows({ invalid: 0, duplicates: 0 })).toBe(false);
    expect(hasRejectedRows({ invalid: 0, duplicates: 2 })).toBe(true);
    expect(hasRejectedRows({ invalid: 1, duplicates: 0 })).toBe(true);
  });

  it('measures against the size the server announces once it is known', () => {
    let upload = startUpload('LEADS', 'c1', 900);
    upload = applyProgress(upload, event({ bytesRead: 500, bytesExpected: 1000 }));
    expect(progressFraction(upload)).toBe(0.5);
    upload = applyProgress(upload, event({ bytesRead: 600, bytesExpected: null }));
    expect(progressFraction(upload)).toBe(0.6);
  });

  it('reads only well-formed payloads', () => {
    const good = { ...event({ bytesRead: 10, rowsRead: 2 }), tenantId: 't', at: '2026-11-26T00:00:00Z', total: 2 };
    expect(parseImportProgress(good)).toEqual(event({ bytesRead: 10, rowsRead: 2 }));
    expect(parseImportProgress(null)).toBeNull();
    expect(parseImportProgress({ ...good, kind: 'OTHER' })).toBeNull();
    expect(parseImportProgress({ ...good, bytesRead: -1 })).toBeNull();
    expect(parseImportProgress({ ...good, status: 'DONE' })).toBeNull();
    expect(parseImportProgress({ ...good, campaignId: 3 })).toBeNull();
  });
});
