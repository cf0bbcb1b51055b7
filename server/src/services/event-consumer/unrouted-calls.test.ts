import { describe, expect, it } from 'vitest';
import { PUBLIC_CONTEXT } from './call-direction.ts';
import { logUnrouted } from './unrouted-calls.ts';

function capture() {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = {
    warn: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }),
  };
  return { lines, log: log as never };
}

const ended = (cause: string, context = PUBLIC_CONTEXT) => ({
  'Caller-Context': context,
  'Caller-Destination-Number': '551139999999',
  'Hangup-Cause': cause,
});

describe('logUnrouted', () => {
  it('warns once, at the end, for a call to a number no tenant holds', () => {
    const { lines, log } = capture();
    logUnrouted(log, ended('NO_ROUTE_DESTINATION'), 'CHANNEL_CREATE', 'leg-1', null);
    logUnrouted(log, ended('NO_ROUTE_DESTINATION'), 'CHANNEL_HANGUP_COMPLETE', 'leg-1', null);
    expect(lines).toEqual([
      {
        message: 'inbound call matched no route',
        fields: {
          legId: 'leg-1',
          tenantId: null,
          destination: '551139999999',
          cause: 'NO_ROUTE_DESTINATION',
          reason: 'NUMBER_NOT_ASSIGNED',
        },
      },
    ]);
  });

  it('warns for a held number without a route, not for a routed call or an internal one', () => {
    const { lines, log } = capture();
    logUnrouted(log, ended('NO_ROUTE_DESTINATION'), 'CHANNEL_HANGUP_COMPLETE', 'leg-2', 'tenant-1');
    logUnrouted(log, ended('NORMAL_CLEARING'), 'CHANNEL_HANGUP_COMPLETE', 'leg-3', 'tenant-1');
    logUnrouted(log, ended('NO_ROUTE_DESTINATION', 'acme_default'), 'CHANNEL_HANGUP_COMPLETE', 'leg-4', null);
    expect(lines.map((line) => line.fields.legId)).toEqual(['leg-2']);
    expect(lines[0]!.fields.reason).toBe('NO_ROUTE');
  });
});
