import { describe, expect, it } from "vitest";
import { parseCsv } from "#app/lib/csv.ts";
import { csvResponse } from "./csv.server.ts";

/** Batches that record how far they were read, and whether the reading was stopped. */
function countingBatches(total: number) {
  const state = { pulled: 0, finished: false };
  async function* batches() {
    try {
      for (let i = 0; i < total; i++) {
        state.pulled++;
        yield [[`row ${i}`, "=1+1"]];
      }
    } finally {
      state.finished = true;
    }
  }
  return { state, batches: batches() };
}

describe("csvResponse", () => {
  it("answers with a UTF-8 CSV download: BOM, header, records, no caching", async () => {
    const { batches } = countingBatches(2);
    const response = await csvResponse({
      filename: "orders-2026-11-22.csv",
      header: ["A", "B"],
      batches,
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="orders-2026-11-22.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The UTF-8 byte order mark (response.text() would drop it), then the header and CRLF.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFA,B\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([
      ["A", "B"],
      ["row 0", "'=1+1"],
      ["row 1", "'=1+1"],
    ]);
  });

  it("reads the next batch only when the client has taken the previous one", async () => {
    const { state, batches } = countingBatches(1000);
    const response = await csvResponse({ filename: "x.csv", header: ["A"], batches });
    // Only the first batch is read before answering (a failure there is a plain 500).
    expect(state.pulled).toBe(1);
    const reader = response.body!.getReader();
    await reader.read(); // header
    await reader.read(); // batch 1
    await reader.read(); // batch 2
    expect(state.pulled).toBeLessThanOrEqual(4);
    // The client goes away: the reading stops and the generator is closed.
    await reader.cancel();
    expect(state.finished).toBe(true);
    expect(state.pulled).toBeLessThan(10);
  });

  it("fails before answering when the first batch fails", async () => {
    const failing = (): AsyncIterable<string[][]> => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error("database down")) }),
    });
    await expect(
      csvResponse({ filename: "x.csv", header: ["A"], batches: failing() }),
    ).rejects.toThrow("database down");
  });

  it("breaks the download off, and reports it, when a later batch fails", async () => {
    async function* failingLater(): AsyncGenerator<string[][]> {
      yield [["ok"]];
      throw new Error("connection lost");
    }
    const errors: unknown[] = [];
    const response = await csvResponse({
      filename: "x.csv",
      header: ["A"],
      batches: failingLater(),
      onError: (error) => errors.push(error),
    });
    await expect(response.text()).rejects.toThrow("connection lost");
    expect(errors).toHaveLength(1);
  });
});
