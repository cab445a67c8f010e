import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";

/** /admin/subscribers (docs/product.md §3.10 'Remove Subscriber'): remove one subscriber. */
export const RemoveSubscriberSchema = z.object({
  intent: z.literal("remove"),
  subscriberId: z.uuid(),
});
