import { z } from "zod";
import { plainString } from "./text.ts";

/*
 * The actions of /admin/quote-requests (docs/product.md §3.11, §5.5 "Quote request"; decision 009): mark resolved
 * or open, send a reply, erase a request (POPIA). docs/product.md §6.2 sets no rule for the reply text: the
 * prefilled one can be sent as it stands. Only an empty reply is refused (it would e-mail
 * nothing but a subject).
 */

export const REPLY_MAX_LENGTH = 10_000;
export const REPLY_REQUIRED_MESSAGE = "Please write a reply.";
export const REPLY_TOO_LONG_MESSAGE = `Please keep the reply under ${REPLY_MAX_LENGTH.toLocaleString("en-ZA")} characters.`;

const requestId = z.uuid();

export const QuoteRequestActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resolve"), requestId }),
  z.object({ intent: z.literal("reopen"), requestId }),
  z.object({
    intent: z.literal("reply"),
    requestId,
    reply: plainString({ error: REPLY_REQUIRED_MESSAGE })
      .trim()
      .min(1, REPLY_REQUIRED_MESSAGE)
      .max(REPLY_MAX_LENGTH, REPLY_TOO_LONG_MESSAGE),
  }),
  z.object({ intent: z.literal("erase"), requestId }),
]);
export type QuoteRequestAction = z.infer<typeof QuoteRequestActionSchema>;
