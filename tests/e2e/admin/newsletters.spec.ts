import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { formatLongDateTime, johannesburgDateTimeValue } from "#app/lib/dates.ts";
import { johannesburgDateTime } from "#app/lib/validation/newsletters.ts";
import { axe, E2E_ADMIN, expect, test, toast, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { sendNewsletterForm } from "../helpers/forms.ts";
import { freezeClock, settle } from "../helpers/page-clock.ts";
import { waitForHydration } from "../site/hydration.ts";
import { confirmationPath, findEmail, subscribe, uniqueTag } from "./operations-helpers.ts";

/*
 * Admin → Newsletters (docs/product.md §3.18, decision 045): a visitor subscribes in the
 * popup and confirms from the e-mail; the owner starts a newsletter, writes it (saved as they type), puts a picture in, sees the e-mail's preview change, sends a
 * test to themself, sends it to the subscribers and watches it reach Sent; the visitor's mail
 * program unsubscribes with one click (RFC 8058); and, without
 * JavaScript, saves a draft with the button, inserts a picture, is asked before sending and
 * deletes the draft. Sending goes to every subscribed address of the shared database, and
 * the question and the figures count them all: the spec runs with the specs that count
 * (playwright.config.ts, GLOBAL_COUNT_SPECS). Set SCREENSHOT_DIR to keep screenshots at 390
 * and 1280 px.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A small real picture of its own (a random colour: content-addressed files stay apart). */
async function picture(name: string) {
  const file = test.info().outputPath(name);
  const colour = `#${crypto.randomBytes(3).toString("hex")}`;
  await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

/**
 * axe on the page. The preview's frame is sandboxed without scripts, so axe cannot run inside
 * it (its script is refused and the reading would wait forever); what the e-mail says is the
 * e-mail template's, and the frame's title is checked where the tests find it by that title.
 */
async function expectNoAxeViolations(page: Page) {
  const results = await axe(page, (builder) =>
    builder.exclude('iframe[title="Preview of the e-mail"]'),
  );
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** axe and the page's width at a phone's and a desktop's size. */
async function checkAtBothWidths(page: Page) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  }
}

/** Screenshots at both widths: the whole page, or the window (a dialog over the page). */
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/newsletters-${name}-${size.width}.png`, fullPage });
    // The preview's frame, in the window: a whole-page picture may leave a frame out.
    const frame = page.locator('iframe[title="Preview of the e-mail"]');
    if (fullPage && (await frame.count())) {
      await frame.scrollIntoViewIfNeeded();
      await expect(preview(page).getByRole("heading").first()).toBeVisible();
      await page.screenshot({ path: `${dir}/newsletters-${name}-preview-${size.width}.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }
}

function preview(page: Page) {
  return page.frameLocator('iframe[title="Preview of the e-mail"]');
}

/** "Saved at 14:05" in the editor's live region, after a save. */
function savedStatus(page: Page) {
  return page.getByRole("status").filter({ hasText: /^Saved at \d{2}:\d{2}$/ });
}

/** Starts a draft from the list with "New newsletter"; returns its address. */
async function newDraft(page: Page) {
  await page.goto("/admin/newsletters");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletters" })).toBeVisible();
  await page.getByRole("button", { name: "New newsletter" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Draft newsletter" })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.describe("newsletters", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a visitor subscribes in the popup and confirms; a newsletter is written, previewed with a picture, tested, sent, followed to Sent, and unsubscribed from with one click", async ({
    browser,
    page,
    loginAsAdmin,
  }) => {
    const tag = uniqueTag("");
    const subject = `Spring news ${tag}`;
    const reader = `${uniqueTag("reader.")}@example.co.za`;
    // No script error and no hydration mismatch on the way.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("about:srcdoc")) {
        errors.push(message.text());
      }
    });
    // A visitor subscribes in the home page's popup and confirms from the e-mail's link.
    const visitorContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const visitor = await visitorContext.newPage();
      await freezeClock(visitor);
      await visitor.goto("/");
      await waitForHydration(visitor);
      await visitor.clock.runFor(5100);
      const popup = visitor.getByRole("dialog");
      await expect(popup).toBeVisible();
      await sendNewsletterForm(visitor, popup, reader);
      await settle(visitor, () =>
        expect(popup.getByText("Please check your inbox to confirm.")).toBeVisible({
          timeout: 200,
        }),
      );
      await visitor.clock.resume();
      await visitor.goto(await confirmationPath(reader));
      await visitor.getByRole("button", { name: "Confirm my subscription" }).click();
      await expect(visitor.getByText(/is now subscribed to our newsletter/)).toBeVisible();
    } finally {
      await visitorContext.close();
    }
    await loginAsAdmin();

    await page.goto("/admin/newsletters");
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletters" }),
    ).toHaveAttribute("aria-current", "page");
    await shot(page, "list");
    const path = await newDraft(page);
    const subjectField = page.getByLabel("Subject");
    await waitUntilHydrated(subjectField);
    await checkAtBothWidths(page);

    // Typed: saved a moment later, and the preview shows it.
    await subjectField.fill(subject);
    await page.getByLabel("Preview line").fill("New walnut boxes are in");
    await expect(page.getByLabel("Preview line")).toHaveAccessibleDescription(
      "Shown after the subject in most inboxes.",
    );
    const text = page.getByLabel("Text", { exact: true });
    await text.fill(
      `# Fresh from the workshop\n\nOur **walnut boxes** are back, run ${tag}.\n\n- Engraved lids\n- Brass hinges`,
    );
    await expect(savedStatus(page)).toBeVisible();
    const frame = preview(page);
    await expect(frame.getByRole("heading", { name: "Fresh from the workshop" })).toBeVisible();
    await expect(frame.getByText(`are back, run ${tag}.`)).toBeVisible();
    await expect(frame.getByText("Brass hinges")).toBeVisible();

    // A picture: stored, its line at the end of the text, saved, shown in the preview.
    await page.getByLabel("Picture", { exact: true }).setInputFiles(await picture("box.png"));
    await page.getByLabel("Description of the picture (optional)").fill("A walnut box");
    await page.getByRole("button", { name: "Insert picture" }).click();
    await expect(text).toHaveValue(
      /Brass hinges\n\n!\[A walnut box\]\(\/uploads\/newsletter\/[^)]+\.webp\)\n$/,
    );
    await expect(page.getByLabel("Description of the picture (optional)")).toHaveValue("");
    const image = frame.getByRole("img", { name: "A walnut box" });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("src", /\/uploads\/newsletter\/[^/]+\.webp$/);
    // Loaded from this site's /uploads, which lets a frame without an origin show it.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(savedStatus(page)).toBeVisible();

    // The plain-text version, and the phone width.
    await page.getByText("Plain-text version").click();
    await expect(page.locator("pre")).toContainText("[Image: A walnut box]");
    const phone = page.getByRole("button", { name: "Phone" });
    await phone.click();
    await expect(phone).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Desktop" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(
      await page
        .locator('iframe[title="Preview of the e-mail"]')
        .evaluate((node) => node.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(375);
    await shot(page, "editor");
    await page.setViewportSize(DESKTOP);

    // A test to the admin's own address, "[Test]" before the subject.
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expect(toast(page, "Test sent")).toBeVisible();
    await expect(
      page.getByText(`A test is on its way to ${E2E_ADMIN.email}.`).first(),
    ).toBeVisible();
    const testEmail = await findEmail("newsletter.test", (eml) =>
      eml.includes(`Subject: [Test] ${subject}`),
    );
    expect(testEmail).toContain(`To: ${E2E_ADMIN.email}`);

    // Sent now, fast, after the question naming the subscribers.
    await page.getByLabel("E-mails per minute").fill("6000");
    await expect(page.getByLabel("Date and time (Johannesburg)")).toBeHidden();
    await page.getByRole("button", { name: "Send newsletter" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    const question = (await dialog.getByRole("heading").innerText()).trim();
    const audience = Number(
      question
        .match(new RegExp(`^Send "${subject}" to ([\\d\\s,]+) subscribers?\\?$`))?.[1]
        ?.replace(/\D/g, ""),
    );
    expect(audience, question).toBeGreaterThanOrEqual(1);
    // en-ZA groups thousands with a space.
    await expect(dialog).toContainText(/It goes out now, at 6\D?000 e-mails a minute/);
    await shot(page, "send-question", { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole("button", { name: "Send now" }).click();
    await expect(toast(page, "Sending started")).toBeVisible();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    const progress = page.getByRole("region", { name: "Progress" });
    await expect(progress.getByRole("progressbar")).toBeVisible();

    // The page follows the sending by itself until it is Sent.
    await expect(page.getByText(/^Sent \d{1,2} \w+ \d{4} to [\d\s,]+ address(es)?$/)).toBeVisible({
      timeout: 90_000,
    });
    const figure = (label: string) =>
      progress
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(figure("Queued")).toHaveText("0");
    await expect(figure("Failed")).toHaveText("0");
    const sent = Number((await figure("Sent").innerText()).replace(/\D/g, ""));
    const skipped = Number((await figure("Not sent").innerText()).replace(/\D/g, ""));
    expect(sent + skipped).toBe(audience);
    await expect(
      progress.getByText(
        `${audience.toLocaleString("en-ZA")} of ${audience.toLocaleString("en-ZA")} handled`,
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);

    // The subscriber's copy: its own unsubscribe link and the one-click headers.
    const issue = await findEmail(
      "newsletter.issue",
      (eml) => eml.includes(`Subject: ${subject}`) && eml.includes(`To: ${reader}`),
    );
    expect(issue).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // One click in the reader's mail program: its server POSTs to the header's link, with no
    // session, no Origin and no page (RFC 8058), and the address is unsubscribed at once.
    const unsubscribeLink = issue
      .replace(/\r?\n[ \t]+/g, " ")
      .match(/^List-Unsubscribe: <([^>]+)>/m)?.[1];
    expect(unsubscribeLink, "the List-Unsubscribe header's link").toBeTruthy();
    const oneClick = await fetch(unsubscribeLink!, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    const reader2 = await page.context().newPage();
    try {
      await reader2.goto(new URL(unsubscribeLink!).pathname);
      await expect(
        reader2.getByText(
          `${reader} is not on our newsletter. You will receive no newsletters from us.`,
        ),
      ).toBeVisible();
    } finally {
      await reader2.close();
    }
    await checkAtBothWidths(page);
    await shot(page, "progress");

    // In the list: Sent, with the date and the number of addresses.
    await page.goto("/admin/newsletters");
    const row = page.getByRole("listitem").filter({ hasText: subject });
    await expect(row).toContainText(/Sent\s*\d{1,2} \w+ \d{4} to [\d\s,]+ address/);
    await checkAtBothWidths(page);
    await shot(page, "list-with-rows");
    expect(errors).toEqual([]);
  });

  test("without JavaScript: saved with the button, a picture put in, asked before sending, scheduled and taken back, deleted", async ({
    browser,
    page,
    loginAsAdmin,
  }) => {
    const subject = `Winter hours ${uniqueTag("")}`;
    // Someone to send it to: scheduling asks for a subscribed address.
    await subscribe(`${uniqueTag("winter.")}@example.co.za`, { confirmed: true });
    await loginAsAdmin();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await context.newPage();
      const path = await newDraft(plain);
      await plain.getByLabel("Subject").fill(subject);
      await plain.getByLabel("Text", { exact: true }).fill("We close at noon on Fridays.");
      await plain.getByRole("button", { name: "Save draft" }).click();
      await expect(savedStatus(plain)).toBeVisible();
      await expect(plain).toHaveURL(path);
      await expect(plain.getByLabel("Subject")).toHaveValue(subject);
      await expect(preview(plain).getByText("We close at noon on Fridays.")).toBeVisible();
      await expectNoHorizontalScroll(plain);

      // A picture without a description: "Picture", at the end of the saved text.
      await plain.getByLabel("Picture", { exact: true }).setInputFiles(await picture("sign.png"));
      await plain.getByRole("button", { name: "Insert picture" }).click();
      await expect(plain.getByLabel("Text", { exact: true })).toHaveValue(
        /^We close at noon on Fridays\.\n\n!\[Picture\]\(\/uploads\/newsletter\/[^)]+\.webp\)\n$/,
      );
      await expect(plain.getByText("The picture was added at the end of the text.")).toBeVisible();
      await expect(preview(plain).getByRole("img", { name: "Picture" })).toBeVisible();

      // Send: asked on the page first; Cancel sends nothing.
      await plain.getByRole("button", { name: "Send newsletter" }).click();
      const question = plain.getByRole("region", {
        name: /^Send ".*" to [\d\s,]+ subscribers?\?$/,
      });
      await expect(question).toBeVisible();
      await expect(question).toContainText(`Send "${subject}" to`);
      await question.getByRole("link", { name: "Cancel" }).click();
      await expect(plain).toHaveURL(path);
      await expect(
        plain.getByRole("heading", { level: 1, name: "Draft newsletter" }),
      ).toBeVisible();

      // Later: the time field shows once "Send later" is chosen (by CSS), then the question,
      // then it is scheduled; "Cancel schedule" makes it a draft again.
      const at = plain.getByLabel("Date and time (Johannesburg)");
      await expect(at).toBeHidden();
      await plain.getByLabel("Send later").check();
      await expect(at).toBeVisible();
      const tomorrow = johannesburgDateTimeValue(new Date(Date.now() + 24 * 3600_000));
      await at.fill(tomorrow);
      await plain.getByRole("button", { name: "Send newsletter" }).click();
      const later = plain.getByRole("region", { name: /^Send ".*" to [\d\s,]+ subscribers?\?$/ });
      await expect(later).toContainText("(Johannesburg time)");
      await later.getByRole("button", { name: "Schedule" }).click();
      await expect(plain).toHaveURL(path);
      await expect(plain.getByRole("heading", { level: 1, name: subject })).toBeVisible();
      const scheduled = plain.getByRole("region", { name: "Scheduled" });
      await expect(scheduled).toContainText(formatLongDateTime(johannesburgDateTime(tomorrow)));
      await expect(plain.getByLabel("Subject")).toHaveCount(0);
      await scheduled.getByRole("button", { name: "Cancel schedule" }).click();
      await expect(
        plain.getByRole("heading", { level: 1, name: "Draft newsletter" }),
      ).toBeVisible();
      await expect(plain.getByLabel("Subject")).toHaveValue(subject);

      // Delete: asked on the page, then back to the list without it.
      await plain.getByRole("button", { name: "Delete draft" }).click();
      const panel = plain.getByRole("region", { name: "Delete this draft?" });
      await expect(panel).toContainText(`Are you sure you want to delete "${subject}"?`);
      await panel.getByRole("button", { name: "Delete" }).click();
      await expect(plain).toHaveURL("/admin/newsletters");
      await expect(plain.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
