import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations, hydrated, isPhone } from "#e2e/support.ts";

const uploadsDir = () => path.join(process.env.E2E_DATA_DIR ?? "", "uploads");

/** A phone photo as it leaves the phone: camera make and the GPS position of the site in its EXIF. */
async function phonePhoto(file: string, width: number, height: number) {
  await sharp({ create: { width, height, channels: 3, background: "#4a7bb7" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 40/1 42/1", GPSLongitudeRef: "W", GPSLongitude: "2/1 26/1 44/1" },
    })
    .toFile(file);
  return file;
}

function drawing(file: string) {
  fs.writeFileSync(file, "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  return file;
}

/** The stored photo of the given size: no EXIF (so no GPS), no XMP, no IPTC. */
async function expectStoredPhotoClean(width: number, height: number) {
  const names = fs.readdirSync(uploadsDir()).filter((name) => name.endsWith(".jpg"));
  const found = [];
  for (const name of names) {
    const metadata = await sharp(path.join(uploadsDir(), name)).metadata();
    if (metadata.width === width && metadata.height === height) found.push(metadata);
  }
  expect(found).toHaveLength(1);
  expect(found[0]?.exif).toBeUndefined();
  expect(found[0]?.xmp).toBeUndefined();
  expect(found[0]?.iptc).toBeUndefined();
}

async function fillRequest(page: Page) {
  const form = page.locator("#quote");
  await form.getByLabel("Name", { exact: true }).fill("Sam Fitter");
  await form.getByLabel("E-mail", { exact: true }).fill("sam@plant.example");
  await form.getByLabel("Requirements", { exact: true }).fill("Parts for the line 3 conveyor, see list and photos");
}

const partInputs = (page: Page) => page.locator("#quote").getByLabel(/^Part number or description/);

/** The notification e-mail of a request (no SMTP in the tests: an .eml file in DATA_DIR/outbox). */
async function notificationText(reference: string) {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "outbox", `${reference}.eml`);
  await expect.poll(() => fs.existsSync(file), { timeout: 15_000 }).toBe(true);
  return fs.readFileSync(file, "utf8");
}

/**
 * Enter in a parts line, as a buyer types: it sends the request (the form's default button) and never
 * adds, removes or changes a line.
 */
async function enterKeepsTheList(page: Page) {
  const form = page.locator("#quote");
  await partInputs(page).first().fill("6205-2RS");
  await form.getByLabel(/^Qty/).first().fill("4");
  await partInputs(page).first().press("Enter");
  // Sent without a name: the answer is the form's errors, with the one line as it was.
  await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(partInputs(page)).toHaveCount(1);
  await expect(partInputs(page).first()).toHaveValue("6205-2RS");
  await fillRequest(page);
  await form.getByRole("button", { name: "Add a line" }).click();
  await expect(partInputs(page)).toHaveCount(2);
  await partInputs(page).nth(1).fill("SPA1250 v-belt");
  await partInputs(page).nth(1).press("Enter");
  const reference = page.getByTestId("quote-reference");
  await expect(reference).toHaveText(/^Q-\d{6}-[A-Z0-9]{5}$/, { timeout: 30_000 });
  await expect(reference).toBeInViewport();
  const mail = await notificationText((await reference.textContent()) ?? "");
  expect(mail).toMatch(/6205-2RS/);
  expect(mail).toMatch(/SPA1250 v-belt/);
}

test.describe("parts list and files, with JavaScript", () => {
  test("three lines by paste, one removed, two photos and a PDF: sent, and the photo keeps no location", async ({
    page,
  }, testInfo) => {
    const width = 1201 + testInfo.workerIndex * 10 + (isPhone(testInfo) ? 1 : 0);
    const photoA = await phonePhoto(testInfo.outputPath("nameplate.jpg"), width, 801);
    const photoB = await phonePhoto(testInfo.outputPath("worn part.jpg"), 640, 480);
    const pdf = drawing(testInfo.outputPath("drawing.pdf"));

    await page.goto("/#quote");
    await hydrated(page);
    await expect(page.locator('#quote input[name="formToken"]')).not.toHaveValue("prerendered-form");
    await fillRequest(page);

    await partInputs(page).first().focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "Part No\tQty\tBrand\n6205-2RS\t4\tSKF\nSPA1250\t2\tGates\n4 x M10 nyloc nut\n");
      document.activeElement?.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(page.locator("#quote").getByText("3 lines added from your list.")).toBeVisible();
    await expect(partInputs(page)).toHaveCount(3);
    await expect(partInputs(page).nth(1)).toHaveValue("SPA1250");
    await page.locator("#quote").getByRole("button", { name: "Remove line 2" }).click();
    await expect(partInputs(page)).toHaveCount(2);
    await expect(partInputs(page).nth(1)).toHaveValue("M10 nyloc nut");

    const picker = page.locator("#quote").getByLabel("Photos or drawings");
    await picker.setInputFiles([photoA, photoB, pdf]);
    const list = page.getByRole("list", { name: "Attached files" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list).toContainText("nameplate.jpg");
    await expect(list).toContainText("drawing.pdf");
    await expect(list.locator("img")).toHaveCount(2);

    // A script in disguise is refused at once, naming the file.
    const fake = testInfo.outputPath("invoice.exe");
    fs.writeFileSync(fake, "MZ not a photo");
    await picker.setInputFiles(fake);
    await expect(page.locator("#quote").getByRole("alert")).toContainText("“invoice.exe” is not a photo or a PDF");
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expectNoAxeViolations(page);

    await page.locator("#quote").getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(page.getByTestId("quote-reference")).toHaveText(/^Q-\d{6}-[A-Z0-9]{5}$/, { timeout: 30_000 });
    await expect(page.getByRole("list", { name: "Attached files" })).toHaveCount(0);
    await expectStoredPhotoClean(width, 801);
  });

  test("Enter in a parts line sends the request; no line is added or removed", async ({ page }) => {
    await page.goto("/#quote");
    await hydrated(page);
    await expect(page.locator('#quote input[name="formToken"]')).not.toHaveValue("prerendered-form");
    await enterKeepsTheList(page);
  });

  test("a photo chosen before the page's script starts is listed once it starts", async ({ page }, testInfo) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/#quote");
    const photo = await phonePhoto(testInfo.outputPath("chosen-before-the-script.jpg"), 50, 50);
    await page.locator("#quote").getByLabel("Photos or drawings").setInputFiles(photo);
    release();
    await hydrated(page);
    const listed = page.getByRole("list", { name: "Attached files" }).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("chosen-before-the-script.jpg");
  });

  test("the form fits 320 px with lines and files", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/#quote");
    await hydrated(page);
    await page.locator("#quote").getByRole("button", { name: "Add a line" }).click();
    await expect(partInputs(page)).toHaveCount(2);
    await page
      .locator("#quote")
      .getByLabel("Photos or drawings")
      .setInputFiles(
        await phonePhoto(testInfo.outputPath("a-very-long-photo-name-from-the-phone-camera-roll.jpg"), 50, 50),
      );
    await expect(page.getByRole("list", { name: "Attached files" }).getByRole("listitem")).toHaveCount(1);
    const beyond = await page.evaluate(() =>
      [...document.querySelectorAll("#quote *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
        .map((element) => element.tagName),
    );
    expect(beyond).toEqual([]);
  });
});

test.describe("parts list and files, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Enter in a parts line sends the request; no line is added or removed", async ({ page }) => {
    await page.goto("/");
    await enterKeepsTheList(page);
  });

  test("a file refused by the server keeps everything typed, and says which file", async ({ page }, testInfo) => {
    const fake = testInfo.outputPath("invoice.exe");
    fs.writeFileSync(fake, "MZ not a photo");
    await page.goto("/");
    await fillRequest(page);
    await partInputs(page).first().fill("6205-2RS");
    await page.locator("#quote").getByLabel("Photos or drawings").setInputFiles(fake);
    await page.locator("#quote").getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(page.locator("#quote")).toContainText("“invoice.exe” is not a photo or a PDF");
    await expect(page.locator("#quote").getByLabel("Name", { exact: true })).toHaveValue("Sam Fitter");
    await expect(page.locator("#quote").getByLabel("E-mail", { exact: true })).toHaveValue("sam@plant.example");
    await expect(page.locator("#quote").getByLabel("Requirements", { exact: true })).toHaveValue(
      "Parts for the line 3 conveyor, see list and photos",
    );
    await expect(partInputs(page).first()).toHaveValue("6205-2RS");
  });

  test("lines are added by a round trip and files still upload", async ({ page }, testInfo) => {
    const width = 1301 + testInfo.workerIndex * 10 + (isPhone(testInfo) ? 1 : 0);
    const photo = await phonePhoto(testInfo.outputPath("motor plate.jpg"), width, 701);
    await page.goto("/");
    await fillRequest(page);
    await partInputs(page).first().fill("6205-2RS");
    await page.locator("#quote").getByRole("button", { name: "Add a line" }).click();
    await expect(partInputs(page)).toHaveCount(2);
    await expect(partInputs(page).first()).toHaveValue("6205-2RS");
    await expect(page.locator("#quote").getByLabel("Name", { exact: true })).toHaveValue("Sam Fitter");
    await partInputs(page).nth(1).fill("SPA1250 v-belt");
    await page.locator("#quote").getByLabel(/^Qty/).nth(1).fill("3");
    await page.locator("#quote").getByLabel("Photos or drawings").setInputFiles(photo);
    await page.locator("#quote").getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(page.getByTestId("quote-reference")).toHaveText(/^Q-\d{6}-[A-Z0-9]{5}$/);
    await expectStoredPhotoClean(width, 701);
  });
});

test("a category page opens the quote form with its category chosen", async ({ page }) => {
  await page.goto("/products/sealing-solutions");
  await hydrated(page);
  const cta = page.getByRole("region", { name: "Need Sealing Solutions fast?" });
  await expect(cta.getByRole("link", { name: "Request Quote", exact: true })).toHaveAttribute("href", /^mailto:/);
  await cta.getByRole("link", { name: "Request a quote online" }).click();
  await expect(page).toHaveURL(/\/\?category=sealing#quote$/);
  await expect(page.locator("#quote").getByLabel("Product category")).toHaveValue("sealing");
});
