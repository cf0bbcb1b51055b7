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

/** extensionId → the last refused REGISTER the stream reported since the page opened. */
export type FailureMap = ReadonlyMap<string, { failedAt: string; networkIp: string | null }>;

/** Applies an EXTENSION_REGISTRATION_FAILED message; anything else changes nothing. */
export function applyFailure(current: FailureMap, message: SseMessage): FailureMap {
  if (message.event !== 'EXTENSION_REGISTRATION_FAILED') return current;
  try {
    const data = JSON.parse(message.data) as { extensionId: string; failedAt?: string | null; at?: string; networkIp?: string | null };
    const next = new Map(current);
    next.set(data.extensionId, { failedAt: data.failedAt ?? data.at ?? new Date().toISOString(), networkIp: data.networkIp ?? null });
    return next;
  } catch {
    return current;
  }
}

/** The stream's registration state; null until its first snapshot. */
export function useRegistrationStream(enabled: boolean): {
  registrations: RegistrationMap | null;
  failures: FailureMap;
  connected: boolean;
} {
  const [registrations, setRegistrations] = useState<RegistrationMap | null>(null);
  const [failures, setFailures] = useState<FailureMap>(new Map());
  const { connected } = useMonitoringStream(enabled, (messages) => {
    setRegistrations((current) => messages.reduce(applyMessage, current ?? new Map()));
    setFailures((current) => messages.reduce(applyFailure, current));
  });
  return { registrations, failures, connected };
}
