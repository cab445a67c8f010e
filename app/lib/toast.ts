import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./validation/zod-config.ts";

/**
 * A notice shown by the toaster (docs/product.md §8: notices are toasts unless said otherwise). The server
 * sends one with a redirect (flash cookie) or in an action's data; the browser shows it.
 */
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  /** "destructive" is the red notice of docs/product.md §8; "success" and "message" are neutral. */
  type: z.enum(["message", "success", "destructive"]).default("message"),
  /** Milliseconds; docs/product.md §8 sets 5000, 3000 or 2000 for some notices. */
  duration: z.number().int().positive().optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

/**
 * A toast for an action's data, with a fresh id, so the browser shows it even when the same
 * notice comes back twice in a row.
 */
export function toast(input: ToastInput): Toast {
  return ToastSchema.parse(input);
}
