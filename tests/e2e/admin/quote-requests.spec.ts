import { axe, expect, holdLoaderData, test, toast } from "#tests/playwright-utils.ts";
import { findEmail, submitQuoteRequest, uniqueTag } from "./operations-helpers.ts";

/*
 * /admin/quote-requests (decision 009): open and resolved, the details dialog, the reply with its
 * prefilled text and the e-mail it produces (an .eml file: the e2e server has no SMTP_URL),
 * and erasing a request. The requests are sent through the real quote form.
 */

const TAG = uniqueTag("quote");
const web = {
  name: `Webby ${TAG}`,
  email: `webby.${TAG}@example.co.za`,
  // Optional on the form: this requester gave one, the IoT one did not.
  phone: "082 555 0142",
  service: "web-development",
};
const iot = { name: `Sensor ${TAG}`, email: `sensor.${TAG}@example.co.za`, service: "iot" };

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await Promise.all([
    submitQuoteRequest({
      ...web,
      message: `We need an online shop for ${TAG}, with EFT payments.`,
    }),
    submitQuoteRequest({ ...iot, message: `Temperature sensors for a cold room (${TAG}).` }),
  ]);
});

test.describe.configure({ mode: "serial" });

test("arriving from another page: 'Loading quote requests...' until the cards come", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  const main = page.getByRole("main");
  const loading = main.getByText("Loading quote requests...", { exact: true });
  const counts = main.getByText(/^Quote requests and contact messages\. \d+ open of \d+\.$/);
  const cards = main.getByRole("list", { name: "Quote requests" }).getByRole("listitem");

  // From the dashboard through the sidebar, the requests' own data held for a moment.
  const { held, release } = await holdLoaderData(page, "routes/admin/quote-requests");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Quote Requests", exact: true })
    .click();
  await expect(main.getByRole("heading", { level: 1, name: "Quote Requests" })).toBeVisible();
  await expect(loading).toBeVisible();
  await expect(
    main.getByRole("searchbox", {
      name: "Search quote requests by name, email, service or message",
    }),
  ).toBeVisible();
  await expect(main.getByRole("checkbox", { name: "Show resolved requests" })).not.toBeChecked();
  await expect(counts).toHaveCount(0);
  await expect(cards).toHaveCount(0);
  release();
  // This run's two open requests (and others') arrive with the counts.
  await expect(cards.first()).toBeVisible();
  await expect(counts).toBeVisible();
  await expect(loading).toHaveCount(0);
  expect(held()).toBe(1);
});

test("resolve and reopen from the details dialog; resolved ones hidden by default", async ({
  page,
  loginAsAdmin,
}) => {
  test.setTimeout(60_000); // requests sent through the public forms first, then the admin
  await loginAsAdmin();
  await page.goto("/admin/quote-requests");
  await expect(page.getByRole("heading", { level: 1, name: "Quote Requests" })).toBeVisible();
  const showResolved = page.getByRole("checkbox", { name: "Show resolved requests" });
  await expect(showResolved).not.toBeChecked();
  expect((await axe(page)).violations).toEqual([]);

  const search = page.getByRole("searchbox", {
    name: "Search quote requests by name, email, service or message",
  });
  await search.fill(TAG);
  await search.press("Enter");
  const cards = page.getByRole("list", { name: "Quote requests" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ hasText: iot.name });
  await expect(card).toContainText("IoT Systems");
  await expect(card).toContainText("Open");

  await card.getByRole("link").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /IoT Systems/ })).toBeVisible();
  await expect(dialog.getByText(`Temperature sensors for a cold room (${TAG}).`)).toBeVisible();
  // No phone number given: e-mail only, no Call or WhatsApp.
  const quickActions = dialog.getByRole("list", { name: `Contact ${iot.name}` });
  await expect(quickActions.getByRole("link", { name: "Email" })).toBeVisible();
  await expect(quickActions.getByRole("link", { name: /Call|WhatsApp/ })).toHaveCount(0);
  expect((await axe(page)).violations).toEqual([]);
  await dialog.getByRole("button", { name: "Mark as Resolved" }).click();
  await expect(toast(page, "Marked as resolved")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Mark as Open" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  // Resolved requests are hidden until asked for.
  await expect(cards).toHaveCount(1);
  // The toggle is a field of the search form: the search goes with it, and back.
  await showResolved.check();
  await expect(page).toHaveURL(new RegExp(`\\?q=${TAG}&resolved=1$`));
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: iot.name })).toContainText("Resolved");

  await cards.filter({ hasText: iot.name }).getByRole("link").click();
  await dialog.getByRole("button", { name: "Mark as Open" }).click();
  await expect(toast(page, "Marked as open")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Mark as Resolved" })).toBeVisible();
});

test("a request with a phone number: the number, Call and WhatsApp, as on orders", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto(`/admin/quote-requests?q=${encodeURIComponent(web.email)}`);
  const card = page.getByRole("list", { name: "Quote requests" }).getByRole("listitem");
  await expect(card).toContainText(web.phone);
  await card.getByRole("link").click();
  const details = page.getByRole("dialog");
  await expect(details.getByText(web.phone, { exact: true })).toBeVisible();
  const quickActions = details.getByRole("list", { name: `Contact ${web.name}` });
  await expect(quickActions.getByRole("link", { name: "Call" })).toHaveAttribute(
    "href",
    "tel:+27825550142",
  );
  // wa.me with the international number and a message that names the request.
  const whatsApp = quickActions.getByRole("link", { name: /WhatsApp/ });
  const href = new URL((await whatsApp.getAttribute("href"))!);
  expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/27825550142");
  expect(href.searchParams.get("text")).toMatch(
    /^Hi Webby, this is Kwezi Engineering about your quote request for Web Development of \d{1,2} \w+ \d{4}\.$/,
  );
  expect((await axe(page)).violations).toEqual([]);
});

test("reply: prefilled text, Send Reply, the e-mail, and the reply shown afterwards", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto(`/admin/quote-requests?q=${encodeURIComponent(web.email)}`);
  await page.getByRole("list", { name: "Quote requests" }).getByRole("link").first().click();
  const details = page.getByRole("dialog");
  await details.getByRole("button", { name: "Reply" }).click();
  const reply = page.getByRole("dialog", { name: `Reply to ${web.name}` });
  await expect(reply.getByText("Web Development", { exact: true })).toBeVisible();
  await expect(
    reply.getByText(`We need an online shop for ${TAG}, with EFT payments.`),
  ).toBeVisible();
  const text = reply.getByRole("textbox", { name: "Your reply" });
  await expect(text).toHaveValue(new RegExp(`^Dear ${web.name},\\n\\n`));
  await expect(text).toHaveValue(
    /your quote request about Web Development\. Our team will follow up/,
  );
  await expect(text).toHaveValue(/Kind regards,\nThe Kwezi Engineering team$/);
  expect((await axe(page)).violations).toEqual([]);

  // The prefilled text could be sent as it stands; only an empty reply is refused.
  await text.fill("   ");
  await reply.getByRole("button", { name: "Send Reply" }).click();
  await expect(reply.getByText("Please write a reply.", { exact: true })).toBeVisible();
  await expect(text).toHaveAttribute("aria-invalid", "true");

  const answer = `Dear ${web.name},\n\nA shop like that costs about R25 000 and takes six weeks.\n\nKind regards,\nThe Kwezi Engineering team`;
  await text.fill(answer);
  await reply.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(page, "Reply sent")).toBeVisible();
  await expect(reply).toBeHidden();
  // Sending resolves it and the details show the reply.
  await expect(details.getByRole("button", { name: "Mark as Open" })).toBeVisible();
  await expect(
    details.getByText("A shop like that costs about R25 000 and takes six weeks."),
  ).toBeVisible();

  const eml = await findEmail("quote.reply", (file) => file.includes(`To: ${web.email}`));
  expect(eml).toContain("Subject: RE: Your Quote Request - Web Development");
  expect(eml).toMatch(/Reply-To: office@example\.co\.za/);
  expect(eml.replace(/=\r?\n/g, "")).toContain("R25 000");
});

test("erase a request after confirming", async ({ page, loginAsAdmin }) => {
  await loginAsAdmin();
  await page.goto(`/admin/quote-requests?resolved=1&q=${encodeURIComponent(iot.email)}`);
  await page.getByRole("list", { name: "Quote requests" }).getByRole("link").first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Request" });
  await expect(confirm).toContainText(
    `Are you sure you want to delete the request from "${iot.name}"?`,
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Request deleted")).toBeVisible();
  await expect(page.getByText(`No quote requests found for "${iot.email}"`)).toBeVisible();
});
