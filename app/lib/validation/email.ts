import { z } from "zod";

/** /admin/email: queue a failed message again. Which one is checked by the outbox. */
export const RetryEmailSchema = z.object({ id: z.string() });
