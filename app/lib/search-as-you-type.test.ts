import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createDebouncer,
  listSearchOrigin,
  listSearchState,
  nonEmptySearchParams,
  normalizedTerm,
  SEARCH_DELAY_MS,
  sameSearch,
} from "./search-as-you-type.ts";

describe("createDebouncer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once, for the last call of a burst, after the pause", () => {
    const debouncer = createDebouncer(SEARCH_DELAY_MS);
    const run = vi.fn();
    for (const term of ["w", "wa", "wal", "waln"]) {
      debouncer.schedule(() => run(term));
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 1);
    }
    expect(run).not.toHaveBeenCalled();
    expect(debouncer.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith("waln");
    expect(debouncer.pending).toBe(false);
  });

  it("runs again for a burst after the pause", () => {
    const debouncer = createDebouncer(300);
    const run = vi.fn();
    debouncer.schedule(() => run("a"));
    vi.advanceTimersByTime(300);
    debouncer.schedule(() => run("ab"));
    vi.advanceTimersByTime(300);
    expect(run.mock.calls).toEqual([["a"], ["ab"]]);
  });

  it("cancel drops the pending call (Enter or a filter sent the form meanwhile)", () => {
    const debouncer = createDebouncer(300);
    const run = vi.fn();
    debouncer.schedule(run);
    vi.advanceTimersByTime(200);
    debouncer.cancel();
    expect(debouncer.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    debouncer.cancel(); // nothing pending: harmless
  });
});

describe("normalizedTerm", () => {
  it("reads a term as the server does: trimmed, at most 200 characters, '' for none", () => {
    expect(normalizedTerm("  walnut ")).toBe("walnut");
    expect(normalizedTerm("   ")).toBe("");
    expect(normalizedTerm(null)).toBe("");
    expect(normalizedTerm(undefined)).toBe("");
    expect(normalizedTerm("x".repeat(250))).toHaveLength(200);
    // A space typed after a word asks nothing new.
    expect(normalizedTerm("abc ")).toBe(normalizedTerm("abc"));
  });
});

describe("nonEmptySearchParams", () => {
  it("keeps only the fields that narrow the list, in their order", () => {
    const form = new FormData();
    form.append("q", "Khumalo");
    form.append("status", "");
    form.append("payment", "paid");
    form.append("resolved", "   ");
    expect(nonEmptySearchParams(form).toString()).toBe("q=Khumalo&payment=paid");
  });

  it("gives an empty query for an empty box (the whole list)", () => {
    const form = new FormData();
    form.append("q", "");
    expect(nonEmptySearchParams(form).toString()).toBe("");
  });

  it("leaves files out", () => {
    const form = new FormData();
    form.append("q", "a");
    form.append("file", new Blob(["x"]), "x.txt");
    expect(nonEmptySearchParams(form).toString()).toBe("q=a");
  });
});

describe("sameSearch", () => {
  it("compares what the query strings ask for, not how they are written", () => {
    expect(sameSearch("?q=a+b", "q=a%20b")).toBe(true);
    expect(sameSearch("?status=pending&q=x", "?q=x&status=pending")).toBe(true);
    expect(sameSearch("", "?")).toBe(true);
    expect(sameSearch("?q=x", "?q=x&page=2")).toBe(false);
    expect(sameSearch("?q=x", "?q=X")).toBe(false);
  });
});

describe("listSearchOrigin", () => {
  it("reads back what listSearchState wrote", () => {
    expect(listSearchOrigin(listSearchState("typed"))).toBe("typed");
    expect(listSearchOrigin(listSearchState("sent"))).toBe("sent");
  });

  it("is null for every other history state", () => {
    expect(listSearchOrigin(null)).toBeNull();
    expect(listSearchOrigin(undefined)).toBeNull();
    expect(listSearchOrigin("typed")).toBeNull();
    expect(listSearchOrigin({ from: "/admin/orders?q=x" })).toBeNull();
    expect(listSearchOrigin({ adminListSearch: "other" })).toBeNull();
  });
});
