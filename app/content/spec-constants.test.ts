import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hoursSummary } from "#app/lib/business.ts";
import { firstBusinessDetails } from "#app/server/site/business-details.server.ts";
import { organizationJsonLd } from "./organization.ts";
import { PORTFOLIO_FILTERS, PORTFOLIO_SEED } from "./site.ts";

describe("the seeded portfolio (docs/product.md §2.4 Home, §4 Portfolio project, §9: 6 projects)", () => {
  it("has the product's six projects, in its order", () => {
    const spec = [
      /^E-commerce Platform$/i,
      /^IoT Smart Home System$/i,
      /^Custom PCB Design$/i,
      /Prototype/i,
      /^Personali[sz]ed Gift Set$/i,
      /^Interactive Dashboard$/i,
    ];
    expect(PORTFOLIO_SEED).toHaveLength(6);
    PORTFOLIO_SEED.forEach((project, i) => {
      expect(project.title).toMatch(spec[i]!);
    });
  });

  it("gives each one an id, a division, an image that exists and a description", () => {
    expect(new Set(PORTFOLIO_SEED.map((p) => p.id)).size).toBe(6);
    for (const project of PORTFOLIO_SEED) {
      expect(Object.keys(project).sort()).toEqual([
        "category",
        "description",
        "id",
        "image",
        "title",
      ]);
      expect(["Digital", "Hardware", "Bespoke"]).toContain(project.category);
      expect(project.description.length, project.id).toBeGreaterThan(20);
      expect(project.image).toMatch(/^\/images\//);
      expect(fs.existsSync(path.join("public", project.image)), project.image).toBe(true);
    }
  });

  it("filters by All (first, the default), Digital, Hardware and Bespoke, none of them empty", () => {
    expect(PORTFOLIO_FILTERS).toEqual(["All", "Digital", "Hardware", "Bespoke"]);
    for (const division of PORTFOLIO_FILTERS.slice(1)) {
      expect(
        PORTFOLIO_SEED.some((p) => p.category === division),
        division,
      ).toBe(true);
    }
  });
});

describe("business hours (docs/product.md §2.9 /contact)", () => {
  // A new install's hours (Settings → Business details edits them).
  const business = firstBusinessDetails({
    NOTIFY_EMAIL: "office@example.co.za",
    MAIL_FROM: "Website <office@example.co.za>",
  });

  it("read 'Mon-Fri 9:00-18:00, Sat 10:00-14:00, Sun closed'", () => {
    const hours = hoursSummary(business.hours);
    expect(hours.map(({ days, time }) => `${days} ${time}`).join(", ")).toBe(
      "Mon-Fri 9:00-18:00, Sat 10:00-14:00, Sun closed",
    );
  });

  it("are the same in the organisation's JSON-LD: weekdays 09:00-18:00, Saturday 10:00-14:00, no Sunday", () => {
    const { openingHoursSpecification } = organizationJsonLd("https://example.co.za", business);
    expect(openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "Saturday",
        opens: "10:00",
        closes: "14:00",
      },
    ]);
  });
});
