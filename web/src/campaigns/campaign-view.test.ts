import { describe, expect, it } from 'vitest';
import { leadShares } from './campaign-view.ts';

describe('leadShares', () => {
  it('lists the statuses that have leads, in a fixed order, with their share', () => {
    expect(leadShares({ DO_NOT_CALL: 1, READY: 3, CALLBACK: 0 })).toEqual([
      { status: 'READY', count: 3, share: 0.75 },
      { status: 'DO_NOT_CALL', count: 1, share: 0.25 },
    ]);
  });

  it('draws nothing for a campaign without leads', () => {
    expect(leadShares({ READY: 0 })).toEqual([]);
    expect(leadShares({})).toEqual([]);
  });
});
