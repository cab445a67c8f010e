import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";

/** /admin/subscribers (spec §2 'Remove Subscriber'): remove one subscriber. */
export const RemoveSubscriberSchema = z.object({
  intent: z.literal("remove"),
  subscriberId: z.uuid(),
});
