import { AlertTriangleIcon, CircleCheckIcon, DownloadIcon } from "lucide-react";
import { Form } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { SystemWarning } from "#app/lib/system-warnings.ts";
import { getServices } from "#app/server/context.server.ts";
import { systemWarnings } from "#app/server/system/warnings.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/system";

/*
 * System (beyond the original; decision 019 for the backup): what an owner has still to set up (configuration
 * warnings, app/server/system/warnings.server.ts), what the site runs on, and a backup of
 * everything the shop owns as one file (docs/deploy.md says how to restore it).
 */

export const meta: Route.MetaFunction = () => [
  { title: "System | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { databaseKind, storage, db, env, clock } = getServices(context);
  return {
    warnings: await systemWarnings(db, env, clock()),
    database: databaseKind === "postgres" ? "PostgreSQL" : "Embedded database (PGlite)",
    images: storage.kind === "database" ? "In the database" : "On this server's disk",
  };
}

function Warnings({ warnings }: { warnings: SystemWarning[] }) {
  return (
    <section
      aria-labelledby="warnings-heading"
      className="mb-6 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="warnings-heading" className="text-lg font-semibold">
        Configuration warnings
      </h2>
      {warnings.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0 text-success-text" />
          No configuration warnings.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {warnings.map((warning) => (
            <li key={warning.id}>
              {/* A standing list read with the page, not news: a note, not Alert's live
                  "alert" role, which has a screen reader interrupt with every item at once. */}
              <Alert variant="warning" role="note" className="flex gap-3">
                <AlertTriangleIcon aria-hidden="true" className="mt-0.5 shrink-0" />
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <h3 className="font-semibold leading-snug">{warning.title}</h3>
                  <AlertDescription className="flex flex-col gap-1.5 break-words">
                    <p>{warning.problem}</p>
                    <p>
                      <span className="font-medium">To fix: </span>
                      {warning.fix}
                    </p>
                    <p className="text-xs">See {warning.docs}.</p>
                  </AlertDescription>
                </div>
              </Alert>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function SystemPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="System"
        description="What is left to set up, what the site runs on, and its backups."
      />
      <Warnings warnings={loaderData.warnings} />
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
