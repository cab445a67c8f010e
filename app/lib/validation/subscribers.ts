import { z } from "zod";

/** /admin/subscribers (spec §2 'Remove Subscriber'): remove one subscriber. */
export const RemoveSubscriberSchema = z.object({
  intent: z.literal("remove"),
  subscriberId: z.uuid(),
});
