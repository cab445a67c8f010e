import { describe, expect, it } from "vitest";
import { POPUP_SEEN_KEY, POPUP_SEEN_TTL_MS, popupAllowed } from "./newsletter-popup.tsx";
import { POPUP_QUIET_AFTER_SUBMIT_MS, popupHold } from "./newsletter-popup-hold.ts";

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe("popupAllowed (docs/product.md §2.13 newsletter popup flags)", () => {
  const now = 1_800_000_000_000;

  it("allows the popup when no flag is stored", () => {
    expect(popupAllowed(memoryStorage(), now)).toBe(true);
  });

  it("refuses while the seen flag is younger than 7 days", () => {
    const storage = memoryStorage({ [POPUP_SEEN_KEY]: String(now - POPUP_SEEN_TTL_MS + 1) });
    expect(popupAllowed(storage, now)).toBe(false);
    expect(storage.getItem(POPUP_SEEN_KEY)).not.toBeNull();
  });

  it("removes a seen flag of 7 days or more and allows the popup again", () => {
    const storage = memoryStorage({ [POPUP_SEEN_KEY]: String(now - POPUP_SEEN_TTL_MS) });
    expect(popupAllowed(storage, now)).toBe(true);
    expect(storage.getItem(POPUP_SEEN_KEY)).toBeNull();
  });

  it("keeps an old-style flag without a time (the original stored 'true') as seen", () => {
    expect(popupAllowed(memoryStorage({ [POPUP_SEEN_KEY]: "true" }), now)).toBe(false);
  });

  it("never asks a subscriber", () => {
    expect(popupAllowed(memoryStorage({ newsletterSubscribed: "true" }), now)).toBe(false);
  });
});

describe("popupHold: what keeps the due popup back", () => {
  const now = 1_800_000_000_000;
  /** An element as the popup sees it: whether it takes typing, whether it is in a form. */
  const element = (typing: boolean, inForm: boolean) =>
    ({
      matches: () => typing,
      closest: (selector: string) => (selector === "form" && inForm ? {} : null),
    }) as unknown as Element;
  const state = (changes: Partial<Parameters<typeof popupHold>[0]> = {}) => ({
    path: "/",
    focused: null,
    lastFormSentAt: null,
    now,
    ...changes,
  });

  it("is ready on the home page with nothing focused and no form sent", () => {
    expect(popupHold(state())).toEqual({ kind: "ready" });
    expect(popupHold(state({ focused: element(false, false) }))).toEqual({ kind: "ready" });
  });

  it("never opens on the cart or the checkout", () => {
    for (const path of ["/cart", "/checkout", "/checkout/"]) {
      expect(popupHold(state({ path }))).toEqual({ kind: "never" });
    }
  });

  it("waits while the focus is in a form (a field or its buttons) or any typing field", () => {
    expect(popupHold(state({ focused: element(false, true) }))).toEqual({ kind: "focus" });
    expect(popupHold(state({ focused: element(true, true) }))).toEqual({ kind: "focus" });
    expect(popupHold(state({ focused: element(true, false) }))).toEqual({ kind: "focus" });
  });

  it("waits a minute after a form was sent, to the millisecond", () => {
    const sent = now - 10_000;
    expect(popupHold(state({ lastFormSentAt: sent }))).toEqual({
      kind: "until",
      at: sent + POPUP_QUIET_AFTER_SUBMIT_MS,
    });
    expect(popupHold(state({ lastFormSentAt: now - POPUP_QUIET_AFTER_SUBMIT_MS }))).toEqual({
      kind: "ready",
    });
  });
});
