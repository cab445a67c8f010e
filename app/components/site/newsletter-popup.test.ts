import { describe, expect, it } from "vitest";
import { POPUP_SEEN_KEY, POPUP_SEEN_TTL_MS, popupAllowed } from "./newsletter-popup.tsx";

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

describe("popupAllowed (spec §4 newsletter popup flags)", () => {
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
