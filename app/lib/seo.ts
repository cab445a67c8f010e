import type { MetaDescriptor } from "react-router";
import { COMPANY } from "#app/content/company.ts";
import type { FooterDetails } from "./business.ts";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, e.g. "/crafts"; the canonical URL is PUBLIC_URL + path. */
  path: string;
  /** Absolute or root-relative image for sharing. */
  image?: string;
  noindex?: boolean;
}

/** Root loader data that meta functions need (the root route's id is "root"). */
interface RootData {
  publicUrl: string;
}

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

export function publicUrlFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return root?.publicUrl ?? "";
}

/** The footer's business details the public layout's loader sent (decision 042). */
export function footerFrom(matches: Matches): FooterDetails {
  const layout = matches.find((m) => m?.id === "routes/site/_layout")?.data as
    | { footer: FooterDetails }
    | undefined;
  if (!layout) throw new Error("footerFrom: a page outside the public layout");
  return layout.footer;
}

/** The company's name as the owner saved it, from the public layout (else the content file's). */
export function siteNameFrom(matches: Matches): string {
  const layout = matches.find((m) => m?.id === "routes/site/_layout")?.data as
    | { footer?: FooterDetails }
    | undefined;
  return layout?.footer?.name ?? COMPANY.name;
}

/** Title, description, canonical link and sharing tags for one page. */
export function seo(matches: Matches, page: PageSeo): MetaDescriptor[] {
  const base = publicUrlFrom(matches);
  const url = `${base}${page.path}`;
  const name = siteNameFrom(matches);
  const title = page.title.includes(name) ? page.title : `${page.title} | ${name}`;
  const image = page.image
    ? page.image.startsWith("http")
      ? page.image
      : `${base}${page.image}`
    : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_ZA" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
