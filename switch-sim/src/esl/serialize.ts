// The three event formats of mod_event_socket, byte for byte:
// plain = switch_event_serialize(encode=TRUE), json = switch_event_serialize_json (cJSON,
// unformatted, duplicate keys kept), xml = switch_event_xmlize + switch_xml_toxml (2-space
// indentation, URL-encoded header values, XML-escaped body). Checked against src/switch_event.c
// and src/switch_xml.c; compared with samples/*_BACKGROUND_JOB.txt and *_CHANNEL_CREATE_*.txt.
import type { SwitchEvent } from '../events/event.ts';
import { fsUrlEncode } from './urlencode.ts';

export type EventFormat = 'plain' | 'json' | 'xml';

export function serializePlain(event: SwitchEvent): string {
  let out = '';
  for (const [name, value] of event.headers) {
    const encoded = fsUrlEncode(value);
    out += `${name}: ${encoded === '' ? '_undef_' : encoded}\n`;
  }
  if (event.body !== undefined && event.body.length > 0) {
    out += `Content-Length: ${Buffer.byteLength(event.body)}\n\n${event.body}`;
  } else {
    out += '\n';
  }
  return out;
}

export function serializeJson(event: SwitchEvent): string {
  const parts = event.headers.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  if (event.body !== undefined) {
    parts.push(`"Content-Length":${JSON.stringify(String(Buffer.byteLength(event.body)))}`);
    parts.push(`"_body":${JSON.stringify(event.body)}`);
  }
  return `{${parts.join(',')}}`;
}

/** switch_xml_ampencode for element text (a == 0). */
function xmlText(value: string): string {
  return value.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;'));
}

function element(indent: number, name: string, text: string): string {
  const pad = '  '.repeat(indent);
  const body = xmlText(text);
  // The printer re-indents a closing tag that follows a newline.
  const close = body.endsWith('\n') ? pad : '';
  return `${pad}<${name}>${body}${close}</${name}>\n`;
}

export function serializeXml(event: SwitchEvent): string {
  let out = '<event>\n  <headers>\n';
  for (const [name, value] of event.headers) out += element(2, name, fsUrlEncode(value));
  out += '  </headers>\n';
  if (event.body !== undefined && event.body.length > 0) {
    out += element(1, 'Content-Length', String(Buffer.byteLength(event.body)));
    out += element(1, 'body', event.body);
  }
  return out + '</event>\n';
}

export function serialize(event: SwitchEvent, format: EventFormat): string {
  switch (format) {
    case 'plain':
      return serializePlain(event);
    case 'json':
      return serializeJson(event);
    case 'xml':
      return serializeXml(event);
  }
}

/** The whole socket message: outer Content-Length first, then Content-Type, blank line, body. */
export function frameEvent(event: SwitchEvent, format: EventFormat): Buffer {
  const body = Buffer.from(serialize(event, format), 'utf8');
  const head = Buffer.from(`Content-Length: ${body.length}\nContent-Type: text/event-${format}\n\n`, 'utf8');
  return Buffer.concat([head, body]);
}
