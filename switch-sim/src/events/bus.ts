// Creates events the way switch_event_create does (base headers stamped at creation, with the
// global Event-Sequence) and fans them out to subscribers (the ESL listeners and the model).
import type { Clock } from '../clock.ts';
import { SwitchEvent } from './event.ts';
import { formatLocal, formatRfc822 } from './dates.ts';

export interface CoreIdentity {
  coreUuid: string;
  hostname: string;
  switchname: string;
  ipv4: string;
  ipv6: string;
}

/** Where FreeSWITCH says an event was created (Event-Calling-File/Function/Line-Number). */
export interface Origin {
  file: string;
  func: string;
  line: number;
}

export type EventSink = (event: SwitchEvent) => void;

export class EventBus {
  private sequence = 0;
  private readonly sinks = new Set<EventSink>();

  constructor(
    private readonly clock: Clock,
    readonly identity: CoreIdentity,
  ) {}

  /** switch_event_create(_subclass) + switch_event_prep_for_delivery. */
  create(name: string, origin: Origin, subclass?: string): SwitchEvent {
    const event = new SwitchEvent(name, subclass);
    // switch_event_dup (done per listener) moves Event-Subclass to the top.
    if (subclass !== undefined) event.add('Event-Subclass', subclass);
    const micros = this.clock.nowMicros();
    const ms = Math.floor(micros / 1000);
    event
      .add('Event-Name', name)
      .add('Core-UUID', this.identity.coreUuid)
      .add('FreeSWITCH-Hostname', this.identity.hostname)
      .add('FreeSWITCH-Switchname', this.identity.switchname)
      .add('FreeSWITCH-IPv4', this.identity.ipv4)
      .add('FreeSWITCH-IPv6', this.identity.ipv6)
      .add('Event-Date-Local', formatLocal(ms))
      .add('Event-Date-GMT', formatRfc822(ms))
      .add('Event-Date-Timestamp', micros)
      .add('Event-Calling-File', origin.file)
      .add('Event-Calling-Function', origin.func)
      .add('Event-Calling-Line-Number', origin.line)
      .add('Event-Sequence', ++this.sequence);
    return event;
  }

  fire(event: SwitchEvent): void {
    for (const sink of [...this.sinks]) sink(event);
  }

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }
}
