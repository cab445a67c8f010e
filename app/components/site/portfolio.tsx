import { ExternalLinkIcon } from "lucide-react";
import { useState } from "react";
import { PORTFOLIO_FILTERS, type PortfolioFilter } from "#app/content/site.ts";
import type { ShowcaseEntry } from "#app/lib/showcase.ts";
import { cn } from "#app/lib/utils.ts";
import { ShowcasePicture } from "./showcase-picture.tsx";

/**
 * Portfolio with the All/Digital/Hardware/Bespoke filter, All by default (docs/product.md
 * §2.4, §5.2). The projects are the owner's (Settings → Portfolio, decision 043).
 */
export function Portfolio({ projects }: { projects: readonly ShowcaseEntry[] }) {
  const [filter, setFilter] = useState<PortfolioFilter>("All");
  const shown = filter === "All" ? projects : projects.filter((p) => p.division === filter);
  return (
    <div>
      <fieldset className="mb-8 flex flex-wrap justify-center gap-2">
        <legend className="sr-only">Filter projects</legend>
        {PORTFOLIO_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
            className={cn(
              "rounded-full border px-4 py-2 text-sm font-semibold transition-colors",
              filter === name
                ? "border-primary bg-primary text-primary-foreground"
                : "border-input bg-background hover:bg-muted",
            )}
          >
            {name}
          </button>
        ))}
      </fieldset>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
        {shown.map((project, index) => (
          // Keyed by place and title: the site's entries carry no id.
          <li key={`${index}-${project.title}`}>
            <article className="h-full overflow-hidden rounded-xl border border-border bg-background shadow-card">
              <ShowcasePicture src={project.imageUrl} />
              <div className="space-y-2 p-5">
                <p className="text-xs font-semibold uppercase tracking-wider text-primary">
                  {project.division}
                </p>
                <h3 className="text-lg font-semibold">{project.title}</h3>
                <p className="text-sm text-muted-foreground">{project.description}</p>
                {project.linkUrl ? (
                  <a
                    href={project.linkUrl}
                    rel="noopener noreferrer"
                    aria-label={`View project: ${project.title}`}
                    className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                  >
                    View project
                    <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
                  </a>
                ) : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
