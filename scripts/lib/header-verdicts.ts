/*
 * `npm run audit:headers`: the rule for each security header (decision 010), as a verdict that a
 * person can read. The same rules the server applies (app/server/http/security.server.ts).
 */

export interface Verdict {
  header: string;
  value: string | null;
  pass: boolean;
  why: string;
}

type Rule = (value: string | null, context: { https: boolean }) => { pass: boolean; why: string };

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

export const HEADER_RULES: Record<string, Rule> = {
  "content-security-policy": (value) => {
    if (!value) return { pass: false, why: "missing" };
    const scripts = directive(value, "script-src") ?? directive(value, "default-src");
    if (!scripts) return { pass: false, why: "no script-src or default-src" };
    if (scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'")) {
      return { pass: false, why: "scripts may run inline or from eval" };
    }
    if (!scripts.some((source) => source.startsWith("'nonce-"))) {
      return { pass: false, why: "no nonce for the page's own inline scripts" };
    }
    if (scripts.some((source) => /^https?:/.test(source) || source === "*")) {
      return { pass: false, why: "scripts allowed from other origins" };
    }
    if (directive(value, "frame-ancestors")?.join(" ") !== "'none'") {
      return { pass: false, why: "the page may be framed (frame-ancestors)" };
    }
    if (directive(value, "object-src")?.join(" ") !== "'none'") {
      return { pass: false, why: "plugins allowed (object-src)" };
    }
    return { pass: true, why: "scripts: this site + nonce only; no framing; no plugins" };
  },
  "x-content-type-options": (value) =>
    value === "nosniff"
      ? { pass: true, why: "no MIME sniffing" }
      : { pass: false, why: "must be nosniff" },
  "referrer-policy": (value) =>
    value === "strict-origin-when-cross-origin" ||
    value === "no-referrer" ||
    value === "same-origin"
      ? { pass: true, why: "full addresses stay on this site" }
      : { pass: false, why: "leaks full addresses to other sites" },
  "x-frame-options": (value) =>
    value === "DENY"
      ? { pass: true, why: "older browsers refuse framing too" }
      : { pass: false, why: "must be DENY" },
  "permissions-policy": (value) =>
    value &&
    /camera=\(\)/.test(value) &&
    /geolocation=\(\)/.test(value) &&
    /microphone=\(\)/.test(value)
      ? { pass: true, why: "camera, microphone, location … switched off" }
      : { pass: false, why: "powerful features not switched off" },
  "strict-transport-security": (value, { https }) => {
    if (!https) {
      return value
        ? { pass: false, why: "sent over plain http" }
        : { pass: true, why: "not sent over plain http (correct)" };
    }
    const maxAge = Number(/max-age=(\d+)/.exec(value ?? "")?.[1] ?? 0);
    return maxAge >= 15_552_000
      ? { pass: true, why: `https only for ${Math.round(maxAge / 86_400)} days` }
      : { pass: false, why: "missing or shorter than 180 days over https" };
  },
  "x-powered-by": (value) =>
    value === null
      ? { pass: true, why: "absent (server not advertised)" }
      : { pass: false, why: "advertises the server" },
};

export function judgeHeaders(headers: Headers, context: { https: boolean }): Verdict[] {
  return Object.entries(HEADER_RULES).map(([header, rule]) => {
    const value = headers.get(header);
    return { header, value, ...rule(value, context) };
  });
}

export interface PageAudit {
  path: string;
  status: number;
  verdicts: Verdict[];
}

/**
 * The audit of `npm run audit:headers`: the headers of /, a product page (the first that
 * /crafts lists) and /admin/login of the site at `base`, judged. A site listing no product
 * reports the product page with status 0 and no verdicts.
 */
export async function auditSiteHeaders(base: string): Promise<PageAudit[]> {
  const origin = base.replace(/\/+$/, "");
  const https = origin.startsWith("https:");
  const crafts = await (await fetch(`${origin}/crafts`)).text();
  const product = /href="(\/products\/[0-9a-f-]{36})"/.exec(crafts)?.[1];
  const audits: PageAudit[] = [];
  for (const path of ["/", product, "/admin/login"]) {
    if (!path) {
      audits.push({ path: "/products/(none listed)", status: 0, verdicts: [] });
      continue;
    }
    const response = await fetch(`${origin}${path}`, { redirect: "manual" });
    await response.body?.cancel();
    audits.push({
      path,
      status: response.status,
      verdicts: judgeHeaders(response.headers, { https }),
    });
  }
  return audits;
}
