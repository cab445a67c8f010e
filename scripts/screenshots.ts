import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * `npm run screenshots [-- <outDir> [paths…]]`: full-page screenshots of the production build
 * (demo catalogue, throwaway data directory) at a phone's 390 px and a laptop's 1280 px, to
 * look at the pages after a change. `/product` stands for the first product on /crafts;
 * `/admin/…` pages are taken signed in, as an admin the run makes for itself.
 * Lazy images are scrolled into view first; the newsletter popup is kept away and motion
 * reduced, so two runs of the same build give the same pictures.
 */

const DEFAULT_PAGES = ["/", "/digital", "/hardware", "/crafts", "/product", "/contact", "/cart"];
const WIDTHS = [390, 1280];
const ADMIN = { email: "screenshots@example.co.za", password: crypto.randomUUID() };

async function signIn(tab: Page, base: string) {
  await tab.goto(`${base}/admin/login`);
  const form = tab.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Email").fill(ADMIN.email);
  await form.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await form.getByRole("button", { name: "Login" }).click();
  await tab.waitForURL(/\/admin\/dashboard$/);
}

async function firstProductPath(tab: Page, base: string) {
  await tab.goto(`${base}/crafts`);
  const href = await tab.locator('a[href^="/products/"]').first().getAttribute("href");
  if (!href) throw new Error("no product on /crafts");
  return href;
}

async function main() {
  const [outDir = "bench-results/screenshots", ...requested] = process.argv.slice(2);
  const pages = requested.length ? requested : DEFAULT_PAGES;
  if (!ensureBuild()) process.exit(1);
  fs.mkdirSync(outDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "screenshots-"));
  const admin = pages.some((page) => page.startsWith("/admin"));
  const server = startServerProcess(dataDir, {
    SEED_DEMO: "true",
    ...(admin ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
  });
  const base = `http://127.0.0.1:${await server.ready}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 500 ? 844 : 800 },
        reducedMotion: "reduce",
      });
      await context.addInitScript(() =>
        localStorage.setItem("newsletterPopupSeen", String(Date.now())),
      );
      const tab = await context.newPage();
      if (admin) await signIn(tab, base);
      for (const page of pages) {
        const target = page === "/product" ? await firstProductPath(tab, base) : page;
        await tab.goto(`${base}${target}`, { waitUntil: "networkidle" });
        await tab.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await tab.waitForLoadState("networkidle");
        const name = page === "/" ? "home" : page.slice(1).replaceAll("/", "_");
        const file = path.join(outDir, `${name}-${width}.png`);
        await tab.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
