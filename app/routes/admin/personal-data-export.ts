import { data } from "react-router";
import { PersonalDataLookupSchema } from "#app/lib/validation/personal-data.ts";
import { getServices } from "#app/server/context.server.ts";
import {
  findPersonalData,
  recordPersonalDataExport,
} from "#app/server/privacy/personal-data.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/personal-data-export";

/**
 * GET /admin/personal-data/export.json?email= (docs/product.md §3.16): everything stored about
 * the address as one JSON file for the person who asked; the download is audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = PersonalDataLookupSchema.safeParse({
    email: new URL(request.url).searchParams.get("email") ?? "",
  });
  if (!parsed.success) throw data("Please enter the person's e-mail address.", { status: 400 });
  const email = parsed.data.email.toLowerCase();
  const { db } = getServices(context);
  const found = await findPersonalData(db, email);
  await recordPersonalDataExport(db, admin, email);
  const body = JSON.stringify({ email, exportedAt: new Date().toISOString(), ...found }, null, 2);
  const safeName = email.replaceAll(/[^a-z0-9@._-]/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${safeName}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
