// The dialer's SQL. The tick's reads cover every campaign the process owns in a few statements on
// the platform path (the dialer works for every tenant); whatever writes a tenant's rows runs as
// that tenant, under its row-level security.
// Its statements live in files by concern; this is the one name the dialer imports them by.
export * from './campaign-reads.repo.ts';
export * from './attempt-claims.repo.ts';
export * from './attempt-writes.repo.ts';
export * from './dialer-state.repo.ts';
