// A request as text for a line diff: each message headed by its role, then its content.
import type { Message } from '../../../records/records.ts';

export function requestAsText(messages: readonly Message[]): string {
  return messages.map((m) => `=== ${m.role.toUpperCase()} ===\n${m.content}`).join('\n');
}
