import { useState } from 'react';
import { useMonitoringStream, type SseMessage } from '../app/monitoring-stream.ts';

/** extensionId → registeredAt (null: not registered), as the monitoring stream last said. */
export type RegistrationMap = ReadonlyMap<string, string | null>;

interface SnapshotData {
  extensions: { extensionId: string; registeredAt: string | null }[];
}
interface RegistrationData {
  extensionId: string;
  registeredAt?: string | null;
  at?: string;
}

/** Applies one stream message to the registration map. */
export function applyMessage(current: RegistrationMap, message: SseMessage): RegistrationMap {
  try {
    if (message.event === 'snapshot') {
      const data = JSON.parse(message.data) as SnapshotData;
      return new Map(data.extensions.map((item) => [item.extensionId, item.registeredAt]));
    }
    if (message.event === 'EXTENSION_REGISTERED' || message.event === 'EXTENSION_UNREGISTERED') {
      const data = JSON.parse(message.data) as RegistrationData;
      const next = new Map(current);
      next.set(
        data.extensionId,
        message.event === 'EXTENSION_REGISTERED'
          ? (data.registeredAt ?? data.at ?? new Date().toISOString())
          : null,
      );
      return next;
    }
  } catch {
    // A malformed message changes nothing.
  }
  return current;
}

/** The stream's registration state; null until its first snapshot. */
export function useRegistrationStream(enabled: boolean): {
  registrations: RegistrationMap | null;
  connected: boolean;
} {
  const [registrations, setRegistrations] = useState<RegistrationMap | null>(null);
  const { connected } = useMonitoringStream(enabled, (messages) =>
    setRegistrations((current) => messages.reduce(applyMessage, current ?? new Map())),
  );
  return { registrations, connected };
}
