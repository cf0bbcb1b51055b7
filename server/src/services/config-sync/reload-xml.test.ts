import { describe, expect, it } from 'vitest';
import { reloadXml } from './config-sync.service.ts';

const esl = (reply: string) => ({ api: () => Promise.resolve(reply) });

describe('reloadXml', () => {
  it('accepts FreeSWITCH success', async () => {
    await expect(reloadXml(esl('+OK [Success]\n'))).resolves.toBeUndefined();
  });
  it('treats the "+OK [[error near line …]]" answer as the failure it is', async () => {
    await expect(reloadXml(esl('+OK [[error near line 3]: unexpected end of file]\n'))).rejects.toThrow(/reloadxml/);
  });
});
