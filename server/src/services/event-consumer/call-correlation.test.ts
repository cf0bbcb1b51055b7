import { describe, expect, it } from 'vitest';
import { callDirection, trunkOfLeg } from './call-direction.ts';
import { boundHeaders, dialerOf, eventKey, legExtensionNumber, MAX_EVENT_HEADERS_SIZE, memberSessionOf, relatedChannels, uuidOrNull } from './call-correlation.ts';

const A = '95142ee8-9898-4850-aa84-088751699cd1';
const B = '42a113c2-2fca-428d-a846-631314657536';
const C = 'df913350-4a0b-4f26-ad17-d395923d3370';

describe('correlation', () => {
  it('accepts only uuids', () => {
    expect(uuidOrNull(A.toUpperCase())).toBe(A);
    expect(uuidOrNull("x' OR 1=1")).toBeNull();
    expect(dialerOf({ variable_svc_campaign_id: A, variable_svc_attempt_id: 'nope' })).toEqual({ campaignId: A, attemptId: null, leadId: null });
  });

  it('finds the member session from mod_callcenter’s header or the agent leg’s variable (no cc_export_vars needed)', () => {
    expect(memberSessionOf({ 'CC-Member-Session-UUID': A })).toBe(A);
    expect(memberSessionOf({ variable_cc_member_session_uuid: A })).toBe(A);
    expect(memberSessionOf({})).toBeNull();
  });

  it('lists an unknown channel’s relatives, the platform’s call id first, never itself', () => {
    expect(relatedChannels({ 'Unique-ID': B, variable_svc_call_id: C, variable_cc_member_session_uuid: A, 'Channel-Call-UUID': B })).toEqual([C, A]);
    expect(relatedChannels({ 'Unique-ID': A, variable_other_loopback_leg_uuid: C, 'Channel-Call-UUID': A })).toEqual([C]);
    expect(relatedChannels({ 'Unique-ID': B, 'Other-Type': 'originator', 'Other-Leg-Unique-ID': A })).toEqual([A]);
  });

  it('identifies an event by its switch and sequence, else by its content', () => {
    expect(eventKey({ 'Core-UUID': C, 'Event-Sequence': '1210' })).toBe(`${C}:1210`);
    expect(eventKey({ a: '1' })).toBe(eventKey({ a: '1' }));
    expect(eventKey({ a: '1' })).not.toBe(eventKey({ a: '2' }));
  });

  it('keeps an event’s headers bounded, what the event is before its variables', () => {
    const headers: Record<string, string> = { 'Event-Name': 'CHANNEL_CREATE', variable_switch_r_sdp: 'v=0'.repeat(2000) };
    for (let i = 0; i < 500; i++) headers[`variable_v${i}`] = 'x'.repeat(100);
    const kept = boundHeaders(headers);
    expect(kept['Event-Name']).toBe('CHANNEL_CREATE');
    expect(kept.variable_switch_r_sdp!.length).toBeLessThanOrEqual(1025);
    expect(JSON.stringify(kept).length).toBeLessThan(MAX_EVENT_HEADERS_SIZE * 1.5);
    expect(Number(kept._omitted)).toBeGreaterThan(0);
    expect(boundHeaders({ a: 'b\u0000c' }).a).toBe('bc');
  });

  it('names the extension of a calling phone and of a dialed one', () => {
    expect(legExtensionNumber({ 'Call-Direction': 'inbound', variable_user_name: '1001', variable_dialed_user: '9' })).toBe('1001');
    expect(legExtensionNumber({ 'Call-Direction': 'outbound', variable_dialed_user: '1002', variable_user_name: '1001' })).toBe('1002');
  });
});

describe('direction', () => {
  it('inbound from the public context, outbound when originated or through a trunk, else internal', () => {
    expect(callDirection({ mainContext: 'public', mainChannelDirection: 'inbound', viaTrunk: false })).toBe('INBOUND');
    expect(callDirection({ mainContext: 'public', mainChannelDirection: 'inbound', viaTrunk: true })).toBe('INBOUND');
    expect(callDirection({ mainContext: 'acme_default', mainChannelDirection: 'inbound', viaTrunk: true })).toBe('OUTBOUND');
    expect(callDirection({ mainContext: 'acme_default', mainChannelDirection: 'outbound', viaTrunk: false })).toBe('OUTBOUND');
    expect(callDirection({ mainContext: 'acme_default', mainChannelDirection: 'inbound', viaTrunk: false })).toBe('INTERNAL');
  });

  it('knows a trunk leg by its gateway name or channel name', () => {
    expect(trunkOfLeg({ variable_sip_gateway_name: `gw-${A}` })).toBe(A);
    expect(trunkOfLeg({ 'Channel-Name': `sofia/gateway/gw-${A}/5511999990000` })).toBe(A);
    expect(trunkOfLeg({ 'Channel-Name': 'sofia/internal/1000@x' })).toBeNull();
  });
});
