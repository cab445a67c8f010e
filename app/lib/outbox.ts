import type { NotificationStatus } from "#db/schema/outbox.ts";

/* An outbox e-mail as the admin's E-mail page lists it (app/server/notifications/admin.server.ts). */

export interface OutboxEntry {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}
