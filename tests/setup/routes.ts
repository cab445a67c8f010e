import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeTable from "#app/routes.ts";

/** A leaf route of app/routes.ts: its full pattern and the files (layouts first) it runs. */
export interface FlatRoute {
  pattern: string;
  files: string[];
}

function flatten(entries: RouteConfigEntry[], parentPath = "", parentFiles: string[] = []) {
  const result: FlatRoute[] = [];
  for (const entry of entries) {
    const full = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const files = [...parentFiles, entry.file];
    if (entry.children?.length) result.push(...flatten(entry.children, full, files));
    else result.push({ pattern: entry.index ? `${full}/` : full, files });
  }
  return result;
}

/** Every leaf route of the app, from the route table itself (so none is forgotten). */
export const ALL_ROUTES: FlatRoute[] = flatten(routeTable);

/**
 * React Router's id of a route module (its path under app/ without the extension), as data
 * requests name it in `?_routes=`.
 */
export const routeIdOf = (file: string) => file.replace(/\.[jt]sx?$/, "");

export type RouteModule = { loader?: unknown; action?: unknown; default?: unknown };

export const importRouteModule = (file: string): Promise<RouteModule> =>
  import(/* @vite-ignore */ path.resolve("app", file));

/** The leaf routes whose own module has an action (the targets of forms and fetchers). */
export async function routesWithActions(): Promise<FlatRoute[]> {
  const result: FlatRoute[] = [];
  for (const route of ALL_ROUTES) {
    const module = await importRouteModule(route.files.at(-1)!);
    if (typeof module.action === "function") result.push(route);
  }
  return result;
}

/** A real address for a route pattern: ids become a well-formed UUID, "/" stays. */
export function examplePath(pattern: string, id = "00000000-0000-4000-8000-000000000000") {
  const filled = pattern.replace(/:[A-Za-z]+/g, id).replace(/\/$/, "");
  return `/${filled}`.replace(/^\/\//, "/");
}
