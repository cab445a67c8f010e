import { describe, expect, it } from "vitest";
import { formatTimeOfDay, johannesburgDateTimeValue } from "./dates.ts";
import {
  type NewsletterListRow,
  newsletterStateText,
  subjectOrPlaceholder,
} from "./newsletters.ts";
import { johannesburgDateTime } from "./validation/newsletters.ts";

const row = (fields: Partial<NewsletterListRow>): NewsletterListRow => ({
  id: "5b0f2c3e-0000-4000-8000-000000000001",
  subject: "Spring news",
  status: "draft",
  createdAt: new Date("2026-11-29T08:00:00Z"),
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  recipients: null,
  ...fields,
});

describe("newsletterStateText (docs/product.md §3.18: the list's states in words)", () => {
  it("says Draft, Sending and Paused as they are", () => {
    expect(newsletterStateText(row({}))).toBe("Draft");
    expect(newsletterStateText(row({ status: "sending" }))).toBe("Sending");
    expect(newsletterStateText(row({ status: "paused" }))).toBe("Paused");
  });

  it("gives a scheduled one its time in Johannesburg", () => {
    const scheduledAt = new Date("2026-12-01T07:00:00Z");
    expect(newsletterStateText(row({ status: "scheduled", scheduledAt }))).toBe(
      "Scheduled for 01 December 2026 at 09:00",
    );
  });

  it("gives a sent one its day and how many addresses it went to", () => {
    const finishedAt = new Date("2026-11-30T21:30:00Z");
    expect(newsletterStateText(row({ status: "sent", finishedAt, recipients: 1 }))).toBe(
      "Sent 30 November 2026 to 1 address",
    );
    // 23:30 in Johannesburg is the next day there.
    expect(
      newsletterStateText(
        row({ status: "sent", finishedAt: new Date("2026-11-30T22:30:00Z"), recipients: 3 }),
      ),
    ).toBe("Sent 01 December 2026 to 3 addresses");
  });

  it("names a newsletter without a subject", () => {
    expect(subjectOrPlaceholder("  ")).toBe("(no subject yet)");
    expect(subjectOrPlaceholder("Spring news")).toBe("Spring news");
  });
});

describe("Johannesburg times for the editor and the send form", () => {
  it("says when a draft was saved as the hour there", () => {
    expect(formatTimeOfDay(new Date("2026-11-29T12:05:00Z"))).toBe("14:05");
  });

  it("writes a datetime-local value that reads back as the same moment", () => {
    const at = new Date("2026-12-01T07:00:00Z");
    expect(johannesburgDateTimeValue(at)).toBe("2026-12-01T09:00");
    expect(johannesburgDateTime(johannesburgDateTimeValue(at)).getTime()).toBe(at.getTime());
  });
});
