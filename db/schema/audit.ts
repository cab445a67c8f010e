import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";
import { users } from "./users.ts";

/** Every admin action that changes data: who, what and when (read-only in the admin). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: idColumn(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorEmail, t.createdAt.desc()),
  ],
);
