import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";

/** /admin/held: release or delete one submission held as possible spam (decision 016). */
export const HeldActionSchema = z.object({
  intent: z.enum(["release", "delete"]),
  id: z.uuid(),
});
export type HeldAction = z.infer<typeof HeldActionSchema>;
