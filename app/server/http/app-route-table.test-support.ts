import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import type { RouteTable } from "./page-cache.server.ts";

/*
 * The app's route table in the shape of the server build's `routes` (ids, parents, paths,
 * modules), made from app/routes.ts and the route modules themselves, for unit tests of what
 * reads it without a production build.
 */

const modules = import.meta.glob<Record<string, unknown>>("/app/routes/**/*.{ts,tsx}");

/** A route of app/routes.ts with its place in the table. */
export interface ConfiguredRoute {
  id: string;
  parentId: string;
  file: string;
  /** Its own path (`products/:id`), relative to its parent's. */
  path: string | undefined;
  /** The full path of the route (`/products/:id`); a layout has its parent's. */
  fullPath: string;
  index: boolean;
  /** Whether it has routes under it (a layout, or a route with children). */
  layout: boolean;
}

/** Every route of app/routes.ts, depth first, with the id React Router gives it (its file). */
export function configuredRoutes(): ConfiguredRoute[] {
  const list: ConfiguredRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parentPath: string, parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const fullPath = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath;
      list.push({
        id,
        parentId,
        file: entry.file,
        path: entry.path,
        fullPath,
        index: entry.index === true,
        layout: (entry.children?.length ?? 0) > 0,
      });
      if (entry.children) walk(entry.children, fullPath, id);
    }
  };
  walk(routes, "/", "root");
  return list;
}

/**
 * The route table as `build.routes` has it, each route outside /admin with its module loaded.
 * The root and the admin routes get an empty module: with no page-cache decision they are,
 * like every route without one, never kept; and loading the admin's modules takes half a
 * minute on a busy test machine.
 */
export async function appRouteTable(): Promise<RouteTable> {
  const table: RouteTable = { root: { id: "root", path: "", module: {} } as never };
  for (const route of configuredRoutes()) {
    const load = modules[`/app/${route.file}`];
    if (!load) throw new Error(`no route module app/${route.file}`);
    table[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      module: isAdminPath(route.fullPath) ? {} : await load(),
    } as never;
  }
  return table;
}

/** Whether a route's path is the admin's (`/admin`, `/admin/...`). */
export const isAdminPath = (fullPath: string) => /^\/admin(?:\/|$)/.test(fullPath);
