import {
  FolderTreeIcon,
  MailIcon,
  MessageSquareQuoteIcon,
  PackageIcon,
  ShoppingBagIcon,
} from "lucide-react";
import { Suspense } from "react";
import {
  Await,
  isRouteErrorResponse,
  Link,
  Navigate,
  useAsyncError,
  useRouteError,
} from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { TodoList, WeekSummary } from "#app/components/admin/dashboard-todo.tsx";
import { OrdersPerWeekChart } from "#app/components/admin/orders-chart.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { cn } from "#app/lib/utils.ts";
import { getServices } from "#app/server/context.server.ts";
import { type DashboardStats, getDashboardStats } from "#app/server/dashboard/dashboard.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | Admin" },
  { name: "robots", content: "noindex" },
];

/** The server renders the numbers (a full page load shows them at once). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const stats = await getDashboardStats(getServices(context).db);
  return { stats: stats as DashboardStats | Promise<DashboardStats> };
}

/**
 * Client navigation: show the page at once with '...' on each card (docs/product.md §3.3) and fill in the
 * numbers when the server answers. The server loader (and its guard) still decides.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { stats: serverLoader().then((data) => data.stats) };
}

type CardSpec = {
  to: string;
  title: string;
  description: string;
  icon: typeof PackageIcon;
  value: (s: DashboardStats) => number;
  /** A count that needs attention, e.g. "2 pending": amber when above zero, grey at zero. */
  extra?: { count: (s: DashboardStats) => number; label: string };
};

const CARDS: CardSpec[] = [
  {
    to: "/admin/products",
    title: "Products",
    description: "Total products in inventory",
    icon: PackageIcon,
    value: (s) => s.products,
  },
  {
    to: "/admin/orders",
    title: "Orders",
    description: "Total customer orders",
    icon: ShoppingBagIcon,
    value: (s) => s.orders,
    extra: { count: (s) => s.pendingOrders, label: "pending" },
  },
  {
    to: "/admin/subscribers",
    title: "Newsletter Subscribers",
    description: "People on the mailing list",
    icon: MailIcon,
    value: (s) => s.subscribers,
  },
  {
    to: "/admin/quote-requests",
    title: "Quote Requests",
    description: "Quote requests and messages",
    icon: MessageSquareQuoteIcon,
    value: (s) => s.quoteRequests,
    extra: { count: (s) => s.openQuoteRequests, label: "open" },
  },
];

function StatCards({ stats }: { stats: DashboardStats | null }) {
  return (
    <ul
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
      aria-busy={stats ? undefined : true}
    >
      {CARDS.map((card) => {
        const Icon = card.icon;
        const extra = card.extra && stats ? card.extra.count(stats) : null;
        return (
          <li key={card.to}>
            <Link
              to={card.to}
              className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-background p-5 shadow-card transition hover:-translate-y-0.5 hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {/* As tall as a title on two lines, so every card's number sits at one height. */}
              <span className="flex min-h-10 items-center justify-between gap-2">
                <span className="text-sm font-semibold text-foreground">{card.title}</span>
                <span className="rounded-md bg-primary/10 p-2 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
              </span>
              <span className="text-3xl font-bold tabular-nums" data-testid={`count-${card.to}`}>
                {stats ? card.value(stats) : "..."}
              </span>
              <span className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                <span>{card.description}</span>
                {card.extra ? (
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-medium",
                      // Nothing waiting is no warning: zero stays neutral.
                      extra ? "bg-accent/20 text-warning-text" : "bg-muted text-muted-foreground",
                    )}
                  >
                    {extra === null ? "..." : `${extra} ${card.extra.label}`}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Decision 003: e-mail that is failing needs the owner's eye (the office may be missing orders). */
function EmailWarning({ health }: { health: DashboardStats["emailHealth"] }) {
  if (health.failed === 0 && health.retrying === 0) return null;
  const parts = [
    health.failed > 0 ? `${health.failed} could not be sent` : null,
    health.retrying > 0 ? `${health.retrying} waiting to be retried` : null,
  ].filter(Boolean);
  return (
    <Alert variant={health.failed > 0 ? "destructive" : "warning"}>
      <AlertTitle>E-mail is failing</AlertTitle>
      <AlertDescription>
        Messages from the website: {parts.join(", ")}.{" "}
        <Link to="/admin/email" className="font-semibold underline underline-offset-2">
          Open the e-mail page
        </Link>
      </AlertDescription>
    </Alert>
  );
}

/** Decision 014: what needs doing and how the week goes, above the four cards of docs/product.md §3.3. */
function TodoPanels({ stats }: { stats: DashboardStats | null }) {
  return (
    <div className="grid gap-4 xl:grid-cols-2 xl:items-start">
      <TodoList todo={stats?.todo ?? null} />
      <WeekSummary week={stats?.week ?? null} />
    </div>
  );
}

function WelcomePanel() {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="rounded-xl border border-border bg-background p-6 shadow-card"
    >
      <h2 id="welcome-heading" className="text-lg font-semibold">
        Welcome to the admin dashboard
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">From here you can:</p>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {[
          ["Add products and assign categories", PackageIcon],
          ["Create special categories such as Mother's Day", FolderTreeIcon],
          ["Manage customer orders", ShoppingBagIcon],
          ["Track newsletter subscribers", MailIcon],
          ["Respond to quote requests", MessageSquareQuoteIcon],
        ].map(([text, Icon]) => {
          const I = Icon as typeof PackageIcon;
          return (
            <li key={text as string} className="flex items-center gap-2">
              <I className="size-4 text-primary" aria-hidden="true" />
              {text as string}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function StatsError() {
  const error = useAsyncError();
  // The guard answered with a redirect (e.g. the session expired): follow it.
  const location = error instanceof Response ? error.headers.get("Location") : null;
  if (location) return <Navigate to={location} replace />;
  return <DashboardError error={error} />;
}

function DashboardError({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error)
    ? error.statusText
    : error instanceof Error
      ? error.message
      : "The dashboard could not be loaded.";
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching dashboard data</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Dashboard"
        description="What needs doing, and an overview of the shop and enquiries."
      />
      <Suspense
        fallback={
          <>
            <TodoPanels stats={null} />
            <StatCards stats={null} />
            <OrdersPerWeekChart weeks={null} />
          </>
        }
      >
        <Await resolve={loaderData.stats} errorElement={<StatsError />}>
          {(stats) => (
            <>
              <EmailWarning health={stats.emailHealth} />
              <TodoPanels stats={stats} />
              <StatCards stats={stats} />
              <OrdersPerWeekChart weeks={stats.ordersPerWeek} />
            </>
          )}
        </Await>
      </Suspense>
      <WelcomePanel />
    </div>
  );
}

export function ErrorBoundary() {
  return <DashboardError error={useRouteError()} />;
}
