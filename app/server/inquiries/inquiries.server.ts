import type { ContactInput, QuoteInput } from "#app/lib/validation/inquiries.ts";
import { serviceLabel } from "#app/lib/validation/inquiries.ts";
import { contactRequests } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { contactMessage, quoteRequestMessage } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";

/** docs/product.md §4: a contact message without a subject is stored under this service. */
export const GENERAL_CONTACT = "General Contact";

/**
 * Stores a quote request (docs/product.md §4: contact_requests {name, email, service, message}, plus the
 * optional phone number) and
 * its company notification in one transaction. `service` is stored as the option's label
 * ("Web Development"), as the original did: the admin list and the reply subject
 * 'RE: Your Quote Request - <service>' show it as is (decision 004).
 */
export async function submitQuoteRequest(
  db: Database,
  env: MailEnv,
  input: Omit<QuoteInput, "phone"> & { phone?: string | null },
) {
  const service = serviceLabel(input.service);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        service,
        message: input.message,
      })
      .returning({ id: contactRequests.id });
    await queueMessages(
      tx,
      quoteRequestMessage(env, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        service,
        message: input.message,
      }),
    );
    return row!;
  });
}

/** Stores a contact message: the subject goes in `service` (docs/product.md §4), with its notification. */
export async function submitContactMessage(
  db: Database,
  env: MailEnv,
  input: Omit<ContactInput, "subject" | "phone"> & {
    subject?: string | null;
    phone?: string | null;
  },
) {
  const subject = input.subject?.trim() || GENERAL_CONTACT;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        service: subject,
        message: input.message,
      })
      .returning({ id: contactRequests.id });
    await queueMessages(
      tx,
      contactMessage(env, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject,
        message: input.message,
      }),
    );
    return row!;
  });
}
