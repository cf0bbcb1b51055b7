import { describe, expect, it } from 'vitest';
import { callGroupsOf, destinationChoices, destinationName, routePatch } from './destinations.ts';
import type { InboundRoute } from './inbound-routes.api.ts';

const sources = {
  extensions: [
    { number: '1001', callerId: 'Recepcao', callGroup: 'sales' },
    { number: '1002', callerId: null, callGroup: 'sales' },
    { number: '1003', callerId: null, callGroup: 'billing' },
    { number: '1004', callerId: null, callGroup: null },
  ],
  ivrMenus: [{ id: '0b6f4c1e-1d2a-4f3b-9c8d-7e6f5a4b3c2d', name: 'Main menu', context: 'main-menu' }],
  queues: [{ id: 'b6f1c1de-0000-4000-8000-000000000001', name: 'Suporte' }],
};

describe('destinationChoices', () => {
  it('offers what the server stores for each type, labelled for people', () => {
    expect(destinationChoices('EXTENSION', sources)).toEqual([
      { value: '1001', label: '1001 — Recepcao' },
      { value: '1002', label: '1002' },
      { value: '1003', label: '1003' },
      { value: '1004', label: '1004' },
    ]);
    expect(destinationChoices('IVR', sources)).toEqual([{ value: '0b6f4c1e-1d2a-4f3b-9c8d-7e6f5a4b3c2d', label: 'Main menu' }]);
    expect(destinationChoices('QUEUE', sources)).toEqual([
      { value: sources.queues[0]!.id, label: 'Suporte' },
    ]);
    expect(destinationChoices('CALL_GROUP', sources)).toEqual([
      { value: 'billing', label: 'billing' },
      { value: 'sales', label: 'sales' },
    ]);
  });

  it('is null when a list could not be read', () => {
    expect(destinationChoices('QUEUE', { extensions: sources.extensions })).toBeNull();
    expect(destinationChoices('CALL_GROUP', {})).toBeNull();
  });
});

describe('callGroupsOf', () => {
  it('lists each call group in use once, sorted', () => {
    expect(callGroupsOf(sources.extensions)).toEqual(['billing', 'sales']);
    expect(callGroupsOf()).toEqual([]);
  });
});

describe('destinationName', () => {
  it('names the destination, or null when it is not a row of the tenant', () => {
    expect(destinationName('QUEUE', sources.queues[0]!.id, sources)).toBe('Suporte');
    expect(destinationName('IVR', '0b6f4c1e-1d2a-4f3b-9c8d-7e6f5a4b3c2d', sources)).toBe('Main menu');
    // A route stored by the menu's context before routes named menus by id.
    expect(destinationName('IVR', 'main-menu', sources)).toBe('Main menu');
    expect(destinationName('EXTENSION', '1001', sources)).toBe('1001 — Recepcao');
    expect(destinationName('QUEUE', 'gone', sources)).toBeNull();
    expect(destinationName('QUEUE', sources.queues[0]!.id, {})).toBeNull();
  });
});

describe('routePatch', () => {
  const route: InboundRoute = {
    id: 'r1',
    didNumber: '551130031234',
    destinationType: 'EXTENSION',
    destinationNumber: '1001',
    description: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const same = {
    didNumber: route.didNumber,
    destinationType: route.destinationType,
    destinationNumber: '1001',
    description: null,
  };

  it('sends only what changed', () => {
    expect(routePatch(route, same)).toEqual({});
    expect(routePatch(route, { ...same, description: 'Main line' })).toEqual({ description: 'Main line' });
    expect(routePatch(route, { ...same, didNumber: '551130030000' })).toEqual({ didNumber: '551130030000' });
  });

  it('sends the destination as a pair', () => {
    expect(routePatch(route, { ...same, destinationNumber: '1002' })).toEqual({
      destinationType: 'EXTENSION',
      destinationNumber: '1002',
    });
    expect(routePatch(route, { ...same, destinationType: 'CALL_GROUP', destinationNumber: '1001' })).toEqual({
      destinationType: 'CALL_GROUP',
      destinationNumber: '1001',
    });
  });
});
