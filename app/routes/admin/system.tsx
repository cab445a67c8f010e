import { DownloadIcon } from "lucide-react";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getServices } from "#app/server/context.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/system";

/*
 * System (issue 17, beyond the original): what the site runs on, and a backup of everything
 * the shop owns as one file (docs/deploy.md says how to restore it).
 */

export const meta: Route.MetaFunction = () => [
  { title: "System | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { databaseKind, storage } = getServices(context);
  return {
    database: databaseKind === "postgres" ? "PostgreSQL" : "Embedded database (PGlite)",
    images: storage.kind === "database" ? "In the database" : "On this server's disk",
  };
}

export default function SystemPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="System" description="What the site runs on, and its backups." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="backup-heading"
          className="rounded-xl border border-border bg-background p-6 shadow-card"
        >
          <h2 id="backup-heading" className="text-lg font-semibold">
            Backup
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            One file with everything the shop owns: products, categories and their images, orders,
            quote requests, subscribers and accounts. Keep it somewhere safe: it holds customers'
            details and password hashes.
          </p>
          {/* A POST (same-site checked like every form), answered with the file: the
              browser saves it and stays on this page. */}
          <Form method="post" action="/admin/system/backup" reloadDocument className="mt-4">
            <Button type="submit" variant="outline" className="gap-2">
              <DownloadIcon aria-hidden="true" />
              Download backup
            </Button>
          </Form>
          <p className="mt-4 text-sm text-muted-foreground">
            To restore it, stop the site and run{" "}
            <code className="rounded bg-muted px-1 py-0.5 text-xs">
              npm run admin -- restore &lt;file&gt;
            </code>{" "}
            on an empty database.
          </p>
        </section>
        <section
          aria-labelledby="runs-on-heading"
          className="rounded-xl border border-border bg-background p-6 shadow-card"
        >
          <h2 id="runs-on-heading" className="text-lg font-semibold">
            Runs on
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-muted-foreground">Database</dt>
            <dd>{loaderData.database}</dd>
            <dt className="font-medium text-muted-foreground">Images</dt>
            <dd>{loaderData.images}</dd>
          </dl>
        </section>
      </div>
    </>
  );
}
