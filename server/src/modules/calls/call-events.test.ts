import { describe, expect, it } from 'vitest';
import { timelineHeaders } from './call-events.ts';

describe('timelineHeaders', () => {
  it('keeps the allow-listed headers and drops variables, credentials and paths', () => {
    const shown = timelineHeaders({
      'Unique-ID': 'u-1',
      'Answer-State': 'answered',
      'Hangup-Cause': 'NORMAL_CLEARING',
      'CC-Action': 'bridge-agent-start',
      variable_sip_auth_password: 'secret',
      variable_svc_tenant_id: 't-1',
      'Record-File-Path': '/switch-side/recordings/u-1.wav',
      'X-Gateway-Password': 'secret',
      'variable_sip_h_X-Token': 'secret',
    });
    expect(shown).toEqual({ 'Unique-ID': 'u-1', 'Answer-State': 'answered', 'Hangup-Cause': 'NORMAL_CLEARING', 'CC-Action': 'bridge-agent-start' });
  });

  it('shows nothing of headers that are not an object of strings', () => {
    expect(timelineHeaders(null)).toEqual({});
    expect(timelineHeaders(['Unique-ID'])).toEqual({});
    expect(timelineHeaders({ 'Unique-ID': 42 })).toEqual({});
  });
});
