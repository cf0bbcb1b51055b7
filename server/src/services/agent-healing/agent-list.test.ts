import { describe, expect, it } from 'vitest';
import { parseAgentList, parseTierList } from './agent-list.ts';

// The shape of mod_callcenter's list_result_callback: header once, '|'-joined rows, then +OK.
const HEADER = 'name|instance_id|uuid|type|contact|status|state|max_no_answer|wrap_up_time|reject_delay_time|busy_delay_time|no_answer_delay_time|last_bridge_start|last_bridge_end|last_offered_call|last_status_change|no_answer_count|calls_answered|talk_time|ready_time|external_calls_count';

describe('callcenter_config agent list', () => {
  it('reads each row by the header’s column names', () => {
    const text = `${HEADER}\na-1|single_box||callback|[leg_timeout=20]user/1000@acme.example|Available|In a queue call|0|30|0|0|0|1795305218|1795305100|1795305210|1795305000|0|3|120|0|1\n+OK\n`;
    const [row] = parseAgentList(text);
    expect(row).toMatchObject({ name: 'a-1', contact: '[leg_timeout=20]user/1000@acme.example', status: 'Available', state: 'In a queue call', wrapUpTime: 30, lastBridgeEnd: 1795305100, externalCallsCount: 1 });
    expect(row!.raw.calls_answered).toBe('3');
  });

  it('an empty table is +OK alone; a contact with a failover | stays one contact', () => {
    expect(parseAgentList('+OK\n')).toEqual([]);
    const text = `${HEADER}\na-2|single_box||callback|user/1@d|user/2@d|On Break|Waiting|0|0|0|0|0|0|0|0|0|0|0|0|0|0\n+OK\n`;
    expect(parseAgentList(text)[0]).toMatchObject({ contact: 'user/1@d|user/2@d', status: 'On Break', state: 'Waiting' });
  });

  it('reads the tier list', () => {
    expect(parseTierList('queue|agent|state|level|position\nq-1|a-1|Ready|2|3\n+OK\n')).toEqual([{ queue: 'q-1', agent: 'a-1', state: 'Ready', level: 2, position: 3 }]);
    expect(parseTierList('+OK\n')).toEqual([]);
  });
});
