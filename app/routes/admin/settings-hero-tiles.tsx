import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { HeroTilesForm } from "#app/components/admin/settings/hero-tiles-form.tsx";
import { SettingsTabs } from "#app/components/admin/settings/settings-tabs.tsx";
import type { StoredHeroTile } from "#app/lib/hero-tiles.ts";
import { toast } from "#app/lib/toast.ts";
import { HeroTilesSchema } from "#app/lib/validation/hero-tiles.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  categoriesForHeroTiles,
  heroTilesForForm,
  saveHeroTiles,
} from "#app/server/site/hero-tiles.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/settings-hero-tiles";

/*
 * /admin/settings/hero-tiles (decision 042): which categories the /crafts hero's three tiles
 * lead to, in order, with a line and an icon each.
 */

export const meta: Route.MetaFunction = () => [{ title: "Shop hero tiles | Settings | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const [tiles, all] = await Promise.all([heroTilesForForm(db), categoriesForHeroTiles(db)]);
  return { tiles, categories: all };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db } = getServices(context);
  const submission = parseWithZod(readForm(context, HeroTilesSchema), { schema: HeroTilesSchema });
  const refused = (formErrors?: string[]) =>
    data(
      {
        result: submission.reply(formErrors ? { formErrors } : {}),
        toast: toast({
          title: "Nothing was saved",
          description: formErrors?.[0] ?? "Please correct the tiles marked below.",
          type: "destructive",
        }),
        saved: false,
      },
      { status: 400 },
    );
  if (submission.status !== "success") return refused();
  const result = await saveHeroTiles(db, admin, submission.value.tiles as StoredHeroTile[]);
  if (!result.ok) return refused([result.message]);
  return data({
    result: submission.reply(),
    toast: toast({
      title: result.changes.length ? "Hero tiles saved" : "Nothing to save",
      description: result.changes.length
        ? `Changed: ${result.changes.map((change) => change.field).join(", ")}.`
        : "The tiles were already as shown.",
    }),
    saved: result.changes.length > 0,
  });
}

export default function HeroTilesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="The three quick tiles at the top of the shop (/crafts), in order."
      />
      <SettingsTabs />
      <HeroTilesForm
        tiles={loaderData.tiles}
        categories={loaderData.categories}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        saved={actionData?.saved ?? false}
      />
    </>
  );
}
