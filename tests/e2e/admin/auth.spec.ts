import {
  axe,
  E2E_ADMIN,
  expect,
  loginAs,
  submitLogin,
  test,
  toast,
  waitUntilHydrated,
} from "#tests/playwright-utils.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("admin sign-in", () => {
  test("an anonymous visit remembers the page; an admin signs in and returns there", async ({
    page,
  }) => {
    // A page before, so that Back has somewhere to go other than the login form.
    await page.goto("/contact");
    await page.goto("/admin/orders");
    await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Forders");
    await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
    const form = page.getByRole("tabpanel", { name: "Login" });
    // Signed in by the hydrated form (a native POST would add its own history entry).
    await waitUntilHydrated(form.locator("form"));
    const entriesOnLogin = await page.evaluate(() => history.length);
    await submitLogin(page, E2E_ADMIN);
    await expect(page).toHaveURL("/admin/orders");
    await expect(toast(page, "Login Successful")).toBeVisible();
    await expect(toast(page, "You've been successfully logged in as an admin.")).toBeVisible();
    // docs/product.md §3.1: history replaced. The orders page took the login form's entry (no new one),
    // and Back goes to the page before the login form. (Back to the login form itself would
    // not show it: its loader sends a signed-in admin on to /admin/orders.)
    expect(await page.evaluate(() => history.length)).toBe(entriesOnLogin);
    await page.goBack();
    await expect(page).toHaveURL("/contact");
  });

  test("the login form shows the product's validation messages", async ({ page }) => {
    await page.goto("/admin/login");
    const form = page.getByRole("tabpanel", { name: "Login" });
    await form.getByRole("button", { name: "Login" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Password", { exact: true }).fill("12345");
    await form.getByRole("button", { name: "Login" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
    // The show/hide toggle.
    const password = form.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    await form.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await form.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("a wrong password shows the red 'Error' alert and the 'Login Failed' toast", async ({
    page,
  }) => {
    await loginAs(page, { email: `nobody-${unique()}@example.co.za`, password: "wrong-password" });
    const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("heading", { name: "Error" })).toBeVisible();
    await expect(toast(page, "Login Failed")).toBeVisible();
    await expect(page).toHaveURL("/admin/login");
  });

  test("the login page is accessible", async ({ page }) => {
    await page.goto("/admin/login");
    const results = await axe(page);
    expect(results.violations).toEqual([]);
    await page.getByRole("tab", { name: "Create Account" }).click();
    const signup = await axe(page);
    expect(signup.violations).toEqual([]);
  });

  test("Sign Out shows 'Logged Out' and the old session no longer opens the portal", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/admin/login");
    await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();
    await expect(toast(page, "You've been successfully logged out.")).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  });
});

test.describe("Create Account and granting access", () => {
  test("validation messages and the shared show/hide toggle", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("tab", { name: "Create Account" }).click();
    const form = page.getByRole("tabpanel", { name: "Create Account" });
    await expect(
      form.getByText(
        "New accounts require admin approval to access the admin portal. After creating your account, please contact an existing administrator for access.",
      ),
    ).toBeVisible();
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 6 characters")).toHaveCount(2);
    await form.getByLabel("Email").fill("someone@example.co.za");
    await form.getByLabel("Password", { exact: true }).fill("secret-one");
    await form.getByLabel("Confirm Password").fill("secret-two");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
    // One toggle for both password fields (docs/product.md §3.1).
    await form.getByRole("button", { name: "Show password" }).click();
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await expect(form.getByLabel("Confirm Password")).toHaveAttribute("type", "text");
  });

  test("a new account is denied until an admin grants access, then signs in", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = `new-${unique()}@example.co.za`;
    const password = "new-account-1";

    // 1. Create Account: approval text, back on the Login tab, nothing signed in.
    await page.goto("/admin/login");
    await page.getByRole("tab", { name: "Create Account" }).click();
    const form = page.getByRole("tabpanel", { name: "Create Account" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByLabel("Confirm Password").fill(password);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Registration Successful")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");

    // 2. The new account cannot enter.
    await loginAs(page, { email, password });
    await expect(page.getByText("Access Denied").first()).toBeVisible();
    await expect(
      page
        .getByText("You are not an admin user. Please request access from an admin of the system.")
        .first(),
    ).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);

    // 3. The admin grants access on User Access.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, E2E_ADMIN);
    await expect(adminPage).toHaveURL("/admin/dashboard");
    await adminPage
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "User Access" })
      .click();
    await expect(adminPage.getByRole("heading", { name: "User Management" })).toBeVisible();
    await expect(adminPage.getByRole("heading", { name: "Manage Admin Users" })).toBeVisible();
    await adminPage.getByRole("searchbox", { name: "Search users by email" }).fill(email);
    await adminPage.getByRole("button", { name: "Search" }).click();
    const row = adminPage.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    // Marked as asking, not just another regular user.
    await expect(row.getByText(/^Awaiting approval · asked \d{4}\/\d{2}\/\d{2}$/)).toBeVisible();
    await expect(row.getByRole("button", { name: "Dismiss" })).toBeVisible();
    const checkbox = row.getByRole("checkbox", { name: "Regular User" });
    await expect(checkbox).not.toBeChecked();
    const a11y = await axe(adminPage);
    expect(a11y.violations).toEqual([]);
    await checkbox.click();
    await expect(adminPage.getByText("Admin access granted.")).toBeVisible();
    await expect(row.getByRole("checkbox", { name: "Admin" })).toBeChecked();
    await expect(row.getByText(/Awaiting approval/)).toHaveCount(0);
    await adminContext.close();

    // 4. Now the account signs in.
    await loginAs(page, { email, password });
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("an admin dismisses a request for access from the dashboard's to-do", async ({
    page,
    loginAsAdmin,
  }) => {
    const email = `asking-${unique()}@example.co.za`;
    await page.goto("/admin/login");
    await page.getByRole("tab", { name: "Create Account" }).click();
    const form = page.getByRole("tabpanel", { name: "Create Account" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("asking-account-1");
    await form.getByLabel("Confirm Password").fill("asking-account-1");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Registration Successful")).toBeVisible();

    await loginAsAdmin();
    const todo = page.getByRole("region", { name: "To do" });
    await todo.getByRole("link", { name: /awaiting approval/ }).click();
    await expect(page).toHaveURL("/admin/users?awaiting=1");
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: "Dismiss" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Dismiss Request" });
    await expect(confirm).toContainText(`Dismiss the request of "${email}" for admin access?`);
    expect((await axe(page)).violations).toEqual([]);
    await confirm.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Request dismissed: the account was deleted.")).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
