import { describe, expect, it } from "vitest";
import {
  BodyTooLargeError,
  FORM_NAME_LIMITS,
  fieldNameSegments,
  isHostileFieldName,
  readFormData,
  readSubmittedForm,
} from "./form-data.server.ts";

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
    const big = await readSubmittedForm(
      new Request(url, {
        method: "POST",
        body: "x".repeat(100),
        headers: { "Content-Type": "text/plain", "Content-Length": "100" },
      }),
      50,
    );
    expect(big).toMatchObject({ ok: false, status: 413 });
    const broken = await readSubmittedForm(
      new Request(url, {
        method: "POST",
        body: "garbage",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      }),
      1024,
    );
    expect(broken).toMatchObject({
      ok: false,
      status: 400,
      message: "The form could not be read. Please reload the page and try again.",
    });
  });
});

const post = (body: BodyInit | null, type?: string) =>
  new Request(url, {
    method: "POST",
    body,
    headers: type === undefined ? {} : { "Content-Type": type },
  });

describe("readSubmittedForm", () => {
  it("reads a form a browser sends", async () => {
    const read = await readSubmittedForm(post(new URLSearchParams({ name: "Bowl" })), 1024);
    expect(read.ok && read.formData.get("name")).toBe("Bowl");
    const empty = await readSubmittedForm(post(null), 1024);
    expect(empty.ok && [...empty.formData].length).toBe(0);
  });

  it("refuses a multipart body without its boundary, and bodies that are not forms", async () => {
    for (const type of ["multipart/form-data", "multipart/form-data; charset=utf-8"]) {
      expect(await readSubmittedForm(post("--x\r\n", type), 1024), type).toMatchObject({
        ok: false,
        status: 400,
      });
    }
    for (const type of ["application/json", "text/plain"]) {
      expect(await readSubmittedForm(post('{"a":1}', type), 1024), type).toMatchObject({
        ok: false,
        status: 415,
      });
    }
    // A body without any Content-Type is not a form either.
    expect(await readSubmittedForm(post("a=1", ""), 1024)).toMatchObject({ ok: false });
  });

  it("refuses huge array indexes, deep nesting, long names and control characters", async () => {
    const hostile = [
      "x[999999999]",
      "x[256]",
      "lines[0000]",
      `a${"[0]".repeat(20_000)}`,
      `a${".b".repeat(8)}`,
      "n".repeat(201),
      "na\u0000me",
      "a\r\nb",
    ];
    for (const name of hostile) {
      // Multipart, as a browser sends it: the 20,000-level name fits in 64 KB unencoded.
      const body = new FormData();
      body.append(name, "1");
      expect(
        await readSubmittedForm(post(body), 64 * 1024),
        JSON.stringify(name.slice(0, 30)),
      ).toMatchObject({ ok: false, status: 400 });
    }
    // Not hostile, only not Conform's notation: read, and dropped later as undeclared.
    for (const name of ["x[255]", "lines[199].priceCents", `a${".b".repeat(7)}`, "a[", "a..b"]) {
      const body = new URLSearchParams([[name, "1"]]);
      expect((await readSubmittedForm(post(body), 64 * 1024)).ok, name).toBe(true);
    }
  });

  it("refuses thousands of fields", async () => {
    const many = new URLSearchParams();
    for (let i = 0; i <= FORM_NAME_LIMITS.maxFields; i++) many.append(`f${i}`, "");
    expect(await readSubmittedForm(post(many), 64 * 1024)).toMatchObject({
      ok: false,
      status: 413,
    });
    many.delete(`f${FORM_NAME_LIMITS.maxFields}`);
    expect((await readSubmittedForm(post(many), 64 * 1024)).ok).toBe(true);
  });

  it("refuses Conform's reserved fields when they do not hold JSON", async () => {
    for (const name of ["__intent__", "__state__"]) {
      const bad = new URLSearchParams([[name, "{not json"]]);
      expect(await readSubmittedForm(post(bad), 1024), name).toMatchObject({
        ok: false,
        status: 400,
      });
      const good = new URLSearchParams([[name, '{"type":"validate","payload":{}}']]);
      expect((await readSubmittedForm(post(good), 1024)).ok, name).toBe(true);
    }
  });
});

describe("fieldNameSegments", () => {
  it("reads Conform's notation within the limits", () => {
    expect(fieldNameSegments("email")).toEqual(["email"]);
    expect(fieldNameSegments("lines[0].productId")).toEqual(["lines", 0, "productId"]);
    expect(fieldNameSegments("lines[255]")).toEqual(["lines", 255]);
    expect(fieldNameSegments(`a${".b".repeat(7)}`)).toHaveLength(8);
    for (const name of [
      "",
      "a[",
      "a[0",
      "a[]",
      "a[-1]",
      "a[01]",
      "a[1e3]",
      "a[256]",
      "a..b",
      "a.",
      ".a",
      "a[0]b",
      "__proto__",
      "a.constructor",
      `a${".b".repeat(8)}`,
      "n".repeat(201),
    ]) {
      expect(fieldNameSegments(name), JSON.stringify(name)).toBeNull();
    }
  });
});

describe("isHostileFieldName", () => {
  it("tells hostile names from merely odd ones", () => {
    expect(isHostileFieldName("x[999999999]")).toBe(true);
    expect(isHostileFieldName(`a${"[0]".repeat(100)}`)).toBe(true);
    expect(isHostileFieldName("a\u0000")).toBe(true);
    expect(isHostileFieldName("1eh8Exg=Dr['")).toBe(false);
    expect(isHostileFieldName("lines[199].priceCents")).toBe(false);
  });
});
