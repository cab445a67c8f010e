import { describe, expect, it } from "vitest";
import { createToastHeaders, getToast } from "./toast.server.ts";

const SESSION_SECRET = "unit-secret-unit-secret-unit-secret-0000";
const toast = { title: "Saved", description: "The product was saved.", type: "success" } as const;

async function toastCookie(PUBLIC_URL: string) {
  const headers = await createToastHeaders({ SESSION_SECRET, PUBLIC_URL }, toast);
  return headers.getSetCookie()[0]!;
}

describe("toast cookie", () => {
  it("is Secure, HttpOnly and SameSite=Lax when the site is served over https", async () => {
    const cookie = await toastCookie("https://shop.example");
    expect(cookie).toMatch(/^en_toast=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
  });

  it("is not Secure on plain http (local use)", async () => {
    expect(await toastCookie("http://localhost:3000")).not.toMatch(/Secure/);
  });

  it("is read once, and cleared with the same flags", async () => {
    const env = { SESSION_SECRET, PUBLIC_URL: "https://shop.example" };
    const cookie = await toastCookie(env.PUBLIC_URL);
    const request = new Request("https://shop.example/", {
      headers: { Cookie: cookie.split(";")[0]! },
    });
    const read = await getToast(env, request);
    expect(read.toast).toMatchObject(toast);
    expect(read.headers?.get("Set-Cookie")).toMatch(/^en_toast=;.*Secure/);
  });
});
