import { useState } from "react";
import { PORTFOLIO, PORTFOLIO_FILTERS, type PortfolioFilter } from "#app/content/site.ts";
import { cn } from "#app/lib/utils.ts";

/** Portfolio with the All/Digital/Hardware/Bespoke filter, All by default (docs/product.md §2.4, §5.2). */
export function Portfolio() {
  const [filter, setFilter] = useState<PortfolioFilter>("All");
  const shown = filter === "All" ? PORTFOLIO : PORTFOLIO.filter((p) => p.category === filter);
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
        {shown.map((project) => (
          <li key={project.id}>
            <article className="h-full overflow-hidden rounded-xl border border-border bg-background shadow-card">
              <img
                src={project.image}
                width={800}
                height={500}
                alt=""
                loading="lazy"
                className="aspect-[8/5] w-full object-cover"
              />
              <div className="space-y-2 p-5">
                <p className="text-xs font-semibold uppercase tracking-wider text-primary">
                  {project.category}
                </p>
                <h3 className="text-lg font-semibold">{project.title}</h3>
                <p className="text-sm text-muted-foreground">{project.description}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
