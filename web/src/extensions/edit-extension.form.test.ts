import { describe, expect, it } from 'vitest';
import { extensionPatch, toggleCodec } from './edit-extension.form.tsx';
import type { Extension } from './extensions.api.ts';

const extension: Extension = {
  id: 'e1',
  number: '1001',
  domain: 'acme.example',
  callerId: 'Front desk',
  callGroup: null,
  codecs: ['PCMA', 'PCMU'],
  maxRegistrations: 3,
  registeredAt: null,
  lastRegistrationFailureAt: null,
  lastRegistrationFailureIp: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('toggleCodec', () => {
  it('keeps the order of the checked codecs and appends a newly checked one', () => {
    expect(toggleCodec(['OPUS', 'PCMA'], 'G722', true)).toEqual(['OPUS', 'PCMA', 'G722']);
    expect(toggleCodec(['OPUS', 'PCMA', 'G722'], 'PCMA', false)).toEqual(['OPUS', 'G722']);
    expect(toggleCodec(['OPUS'], 'OPUS', true)).toEqual(['OPUS']);
  });
});

describe('extensionPatch', () => {
  it('sends only what changed, with cleared fields as null', () => {
    const same = { callerId: 'Front desk', callGroup: null, codecs: ['PCMA', 'PCMU'] as Extension['codecs'], maxRegistrations: 3 };
    expect(extensionPatch(extension, same)).toEqual({});
    expect(extensionPatch(extension, { ...same, callerId: null, callGroup: 'sales', codecs: ['PCMU', 'PCMA'], maxRegistrations: 5 })).toEqual({
      callerId: null,
      callGroup: 'sales',
      codecs: ['PCMU', 'PCMA'],
      maxRegistrations: 5,
    });
  });
});
