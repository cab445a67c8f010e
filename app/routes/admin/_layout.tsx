import { Outlet } from "react-router";
import { AdminSidebar } from "#app/components/admin/sidebar.tsx";
import { SkipLink } from "#app/components/ui/skip-link.tsx";
import { getServices } from "#app/server/context.server.ts";
import { footerDetails } from "#app/server/site/business-details.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/_layout";

// The layout guards too, but never alone: loaders run in parallel, so every admin page's own
// loader and action start with requireAdmin as well.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  // The shop's name and contact details for what admins send customers (decision 042).
  const business = await getServices(context).business.get();
  return { email: user.email, shop: footerDetails(business) };
}

/** Admin layout (docs/product.md §3.2): sidebar (collapsible on small screens) and the section content. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-muted lg:flex">
      <SkipLink />
      <AdminSidebar email={loaderData.email} />
      <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}
