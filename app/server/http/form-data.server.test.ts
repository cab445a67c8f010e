import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readFormData, readLimitedForm } from "./form-data.server.ts";

const url = "http://localhost/admin/products/new";

function streamOf(bytes: number, chunk = 64 * 1024) {
  let sent = 0;
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size));
    },
  });
  return { body, read: () => sent, pulls: () => pulls };
}

describe("readFormData", () => {
  it("reads multipart and urlencoded bodies under the limit", async () => {
    const multipart = new FormData();
    multipart.set("name", "Bowl");
    multipart.set("image", new File([new Uint8Array(10)], "a.png", { type: "image/png" }));
    const read = await readFormData(new Request(url, { method: "POST", body: multipart }), 1024);
    expect(read.get("name")).toBe("Bowl");
    expect((read.get("image") as File).size).toBe(10);
    const plain = await readFormData(
      new Request(url, { method: "POST", body: new URLSearchParams({ q: "x" }) }),
      1024,
    );
    expect(plain.get("q")).toBe("x");
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    const stream = streamOf(10 * 1024 * 1024);
    const request = new Request(url, {
      method: "POST",
      body: stream.body,
      headers: { "Content-Length": String(10 * 1024 * 1024), "Content-Type": "text/plain" },
      duplex: "half",
    } as RequestInit);
    await expect(readFormData(request, 6 * 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(stream.read()).toBeLessThanOrEqual(64 * 1024);
  });

  it("stops reading an undeclared body as soon as it passes the limit", async () => {
    const stream = streamOf(50 * 1024 * 1024);
    const request = new Request(url, {
      method: "POST",
      body: stream.body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    await expect(readFormData(request, 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(stream.read()).toBeLessThan(2 * 1024 * 1024);
  });

  it("answers what to tell the admin", async () => {
    const big = await readLimitedForm(
      new Request(url, {
        method: "POST",
        body: "x".repeat(100),
        headers: { "Content-Type": "text/plain", "Content-Length": "100" },
      }),
      50,
    );
    expect(big).toMatchObject({ ok: false, status: 413 });
    const broken = await readLimitedForm(
      new Request(url, {
        method: "POST",
        body: "garbage",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      }),
      1024,
    );
    expect(broken).toEqual({
      ok: false,
      status: 400,
      message: "The form could not be read. Please try again.",
    });
  });
});
