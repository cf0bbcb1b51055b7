import { describe, expect, it } from 'vitest';
import { reloadXml, writesFor } from './config-sync.service.ts';

const esl = (reply: string) => ({ api: () => Promise.resolve(reply) });

describe('reloadXml', () => {
  it('accepts FreeSWITCH success', async () => {
    await expect(reloadXml(esl('+OK [Success]\n'))).resolves.toBeUndefined();
  });
  it('treats the "+OK [[error near line …]]" answer as the failure it is', async () => {
    await expect(reloadXml(esl('+OK [[error near line 3]: unexpected end of file]\n'))).rejects.toThrow(/reloadxml/);
  });
});

describe('writesFor', () => {
  const acme = { id: 't1', code: 'acme', domain: 'acme.pbx.test', active: true };
  const beta = { id: 't2', code: 'beta', domain: 'beta.pbx.test', active: true };
  const plan = (pending: { tenantId: string; kind: 'directory' | 'dialplan' | 'public' | 'gateways' | 'callcenter' }[]) =>
    writesFor(pending, [acme, beta]).map(({ tenant, kind }) => `${tenant.code}:${kind}`);

  it('rewrites the public context with the directory: call groups list extensions', () => {
    expect(plan([{ tenantId: 't1', kind: 'directory' }])).toEqual(['acme:directory', 'acme:public']);
  });

  it('writes each file once, per tenant', () => {
    expect(plan([
      { tenantId: 't1', kind: 'public' },
      { tenantId: 't1', kind: 'directory' },
      { tenantId: 't2', kind: 'gateways' },
    ])).toEqual(['acme:public', 'acme:directory', 'beta:gateways']);
  });

  it('writes nothing for a tenant it does not know', () => {
    expect(plan([{ tenantId: 'gone', kind: 'callcenter' }])).toEqual([]);
  });

  it('plans a suspended tenant’s files too: the sync removes them', () => {
    const suspended = { id: 't3', code: 'acme-x', domain: 'acme-x.pbx.test', active: false };
    const work = writesFor([{ tenantId: 't3', kind: 'directory' }], [acme, suspended]);
    expect(work.map(({ tenant, kind }) => `${tenant.code}:${kind}:${tenant.active}`)).toEqual(['acme-x:directory:false', 'acme-x:public:false']);
  });
});
