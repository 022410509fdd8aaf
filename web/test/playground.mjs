// The playground in a real browser: Debian's chromium, headless, driven by playwright-core
// (which never downloads a browser of its own). tests/it/playground.rs runs it twice: on the
// static site that site.mjs builds (robolint compiled to WebAssembly, served here by a plain
// static server) and on `robolint serve --port 0`. It exits non-zero on the first failed
// expectation.
//
//   PLAYGROUND_SITE        a folder holding the static site, served on loopback, or
//   PLAYGROUND_URL         the page, http://127.0.0.1:PORT/
//   PLAYGROUND_SCREENSHOTS the folder for the screenshots, playground-desktop.png and
//                          playground-phone.png (default: the current folder)
//   CHROMIUM               the browser (default: /usr/bin/chromium)
//
// At both widths (1400 px and a 360 px phone) it runs axe-core's accessibility rules on the
// page and fails on any serious or critical violation; on the static site, on the
// documentation pages too.

import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { serveFolder } from "../static-server.mjs";

const site = process.env.PLAYGROUND_SITE ? await serveFolder(process.env.PLAYGROUND_SITE) : null;
const url = site?.url ?? process.env.PLAYGROUND_URL;
assert.ok(url, "PLAYGROUND_SITE or PLAYGROUND_URL names the page to test");
const screenshots = process.env.PLAYGROUND_SCREENSHOTS ?? ".";
const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// Typed into the editor key by key, as a person would: a misspelt Disallow on line 2, and
// a Googlebot group whose Disallow line (7) decides for /private/report.html.
const FILE = [
  "User-agent: *",
  "Dissallow: /private/",
  "Disallow: /tmp/*",
  "",
  "User-agent: Googlebot",
  "Allow: /private/press/",
  "Disallow: /private/",
  "",
].join("\n");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  // Chromium refuses to start its sandbox as root (CI containers run as root).
  args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
});
const errors = [];
// bypassCSP: axe-core is injected as an inline script, which robolint serve's policy refuses.
const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, bypassCSP: true });

async function open(address, on = context) {
  const page = await on.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(address);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

// textContent, not innerText: an empty line holds a <br>, which innerText reads as a line end.
const editorLines = (page) => page.locator(".cm-content .cm-line").evaluateAll((lines) => lines.map((line) => line.textContent));
const editorText = async (page) => (await editorLines(page)).join("\n");

/** Replaces the editor's text in one input, as a paste does, and waits for the page to lint it: the milliseconds its status line reports. */
async function replaceAndLint(page, text) {
  // An earlier lint of the same length must not pass for this one.
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
  const linted = await page.waitForFunction((length) => {
    const match = document.querySelector("#status")?.textContent?.match(/^linted ([\d,]+) characters in ([\d.]+) ms$/);
    return match && Number(match[1].replace(/,/g, "")) === length ? Number(match[2]) : null;
  }, text.length);
  return linted.jsonValue();
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
async function accessibilityProblems(page) {
  await page.addScriptTag({ path: axeSource });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

async function assertAccessible(page, what) {
  const problems = await accessibilityProblems(page);
  assert.deepEqual(problems, [], `${what}: axe-core found serious or critical violations`);
}

/** The status line's timing changes each run: it is blanked, and the cursor sent away, so a screenshot changes only when the page does. */
async function steadyScreenshot(page, path, height) {
  await page.evaluate(() => {
    document.querySelector("#status").textContent = "";
    document.activeElement?.blur();
    document.querySelector("aside").scrollTop = 0;
    window.scrollTo(0, 0);
  });
  await mkdir(screenshots, { recursive: true });
  // On the phone, the page's first `height` pixels: the editor and the findings below it.
  const clip = height ? { x: 0, y: 0, width: page.viewportSize().width, height } : undefined;
  await page.screenshot({ path, fullPage: Boolean(height), clip });
  console.log(`screenshot: ${path}`);
}

try {
  // Opened from disk, the page says it needs a server instead of staying blank.
  const fromDisk = await context.newPage();
  const localPage = site ? join(process.env.PLAYGROUND_SITE, "index.html") : fileURLToPath(new URL("../src/index.html", import.meta.url));
  await fromDisk.goto(pathToFileURL(localPage).href);
  await fromDisk.locator("#needs-server").waitFor({ state: "visible" });
  await fromDisk.close();

  const page = await open(url);
  assert.equal(await page.locator("#needs-server").count(), 0, "served over HTTP, no notice");
  // The static site needs no network once loaded: everything below runs offline there.
  if (site) await context.setOffline(true);

  // Type the file over the sample.
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.type(FILE);
  assert.equal(await editorText(page), FILE, "the editor holds what was typed");

  // Findings: field-typo (RL102) on line 2, in the list and underlined in the editor.
  const typo = page.locator('#findings li[data-code="RL102"][data-line="2"]');
  await typo.waitFor();
  assert.match(await typo.locator(".headline").innerText(), /Dissallow/);
  assert.equal(await typo.locator(".headline code").first().innerText(), "Dissallow", "code spans are rendered as code");
  for (const headline of await page.locator("#findings .headline").allInnerTexts()) {
    assert.ok(!headline.includes("`"), `no raw backtick in a headline: ${headline}`);
  }
  assert.equal(await typo.locator("button.fix").count(), 1, "one fix button per finding");
  assert.ok((await page.locator(".cm-lintRange-warning").count()) > 0, "the finding is marked in the editor");

  // Details (help, notes with the witness) wait behind a disclosure.
  const disclosure = page.locator("#findings li details").first();
  assert.equal(await disclosure.getAttribute("open"), null, "details start closed");
  const hiddenText = disclosure.locator(".help, .notes").first();
  assert.ok(!(await hiddenText.isVisible()), "the details are hidden until asked for");
  await disclosure.locator("summary").click();
  assert.ok(await hiddenText.isVisible(), "the summary opens the details");

  // The editor's tooltip offers the fix once: CodeMirror's action, no second button of ours.
  await page.hover(".cm-lintRange-warning");
  const tooltip = page.locator(".cm-tooltip-lint");
  await tooltip.waitFor();
  assert.equal(await tooltip.locator(".cm-diagnostic").count(), 1, "the tooltip is the one finding's");
  assert.equal(await tooltip.locator(".cm-diagnosticAction").count(), 1, "one fix button in the tooltip: CodeMirror's action");
  assert.equal(await tooltip.locator("button.fix").count(), 0, "no second fix button of the page's own");
  assert.match(await tooltip.locator(".headline").first().innerText(), /\S/, "the tooltip leads with the headline");
  await page.mouse.move(0, 0);

  // The rule's button shows its documentation, rendered from the rule's metadata.
  await typo.locator("button.rule").click();
  await page.waitForSelector("#rule-docs:not([hidden])");
  assert.equal(await page.locator("#rule-title").innerText(), "Rule RL102 field-typo");
  assert.ok(await page.locator("#rule-text p.summary").isVisible(), "the summary is a paragraph");
  assert.ok((await page.locator("#rule-text h3#why").count()) === 1, "the why is a section");
  assert.ok((await page.locator("#rule-text pre.bad code").count()) === 1, "the bad example is code");
  assert.ok(!(await page.locator("#rule-text p").allInnerTexts()).join("").includes("`"), "no raw backtick in the docs");
  if (site) {
    assert.equal(await page.locator("#rule-page-link a").getAttribute("href"), "rules/field-typo/index.html");
    assert.ok(await page.locator("#rule-page-link").isVisible(), "the static site links to the rule's page");
  }
  // README's picture: the findings with the first one's details open, and the rule's docs.
  await steadyScreenshot(page, join(screenshots, "playground-desktop.png"));

  // A fix by click: the misspelt field is corrected in the editor, and the finding goes.
  await typo.locator("button.fix").click();
  await page.waitForFunction(() => document.querySelectorAll(".cm-line")[1]?.textContent === "Disallow: /private/");
  await page.locator('#findings li[data-code="RL102"]').waitFor({ state: "detached" });
  assert.equal((await editorLines(page))[2], "Disallow: /tmp/*", "the fix changed only its line");

  // Test a URL: Googlebot is kept out by line 7, the line highlighted when its row is clicked.
  await page.fill("#url", "/private/report.html");
  await page.click('#url-test button[type="submit"]');
  const googlebot = page.locator('#robots tr[data-token="Googlebot"]');
  await googlebot.waitFor();
  assert.equal(await googlebot.locator(".verdict").innerText(), "disallowed");
  assert.equal(await googlebot.locator(".decided-by").innerText(), "line 7: Disallow: /private/");
  // Keyboard: a row takes focus and Enter selects it.
  await googlebot.focus();
  await page.keyboard.press("Enter");
  const deciding = page.locator(".cm-line.cm-deciding");
  await page.waitForFunction(() => document.querySelectorAll(".cm-line.cm-deciding").length === 1);
  assert.equal(await deciding.innerText(), "Disallow: /private/");
  const decidingIndex = await page.evaluate(() =>
    [...document.querySelectorAll(".cm-content .cm-line")].findIndex((line) => line.classList.contains("cm-deciding")),
  );
  assert.equal(decidingIndex + 1, 7, "the deciding line is line 7");
  // Another robot, with no group of its own, is decided by the `*` group's line 2.
  const gptbot = page.locator('#robots tr[data-token="GPTBot"]');
  assert.equal(await gptbot.locator(".decided-by").innerText(), "line 2: Disallow: /private/");

  // The robots are grouped by purpose, and the search box picks robots.
  assert.ok((await page.locator("#robots tbody[data-purpose]").count()) > 3, "a group per purpose");
  assert.equal(await page.locator('#robots tbody[data-purpose="ai-training"] th[scope=rowgroup]').count(), 1);
  await page.fill("#robot-filter", "gptbot");
  assert.ok(await gptbot.isVisible(), "the robot searched for is shown");
  assert.ok(!(await googlebot.isVisible()), "other robots are hidden");
  assert.ok(!(await page.locator('#robots tbody[data-purpose="search"]').isVisible()), "a group with no match is hidden");
  await page.fill("#robot-filter", "");

  // Only the robots that differ: for /private/press/, Googlebot's Allow sets it apart.
  await page.fill("#url", "/private/press/a.html");
  await page.click('#url-test button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#robots tr[data-token="Googlebot"] .verdict')?.textContent === "allowed");
  await page.check("#only-differing");
  assert.ok(await googlebot.isVisible(), "Googlebot, allowed where most are not, is shown");
  assert.ok(!(await gptbot.isVisible()), "GPTBot, disallowed like most, is hidden");
  for (const verdict of await page.locator("#robots tbody tr:not(.group):visible .verdict").allInnerTexts()) {
    assert.equal(verdict, "allowed", "every robot shown has the rarer verdict");
  }
  await page.uncheck("#only-differing");
  await page.fill("#url", "/private/report.html");
  await page.click('#url-test button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#robots tr[data-token="Googlebot"] .verdict')?.textContent === "disallowed");

  // The time to lint a 50 KiB file as the page does on a keystroke (its status line says how
  // long its engine took): printed, not asserted.
  const large = await page.evaluate(() => {
    const lines = [];
    for (let group = 0; lines.join("\n").length < 50 * 1024; group++) {
      lines.push(`User-agent: bot${group}`);
      for (let rule = 0; rule < 20; rule++) lines.push(`Disallow: /section-${group}/page-${rule}.html`);
      lines.push("");
    }
    return lines.join("\n").slice(0, 50 * 1024);
  });
  const typed = await editorText(page);
  const times = [];
  for (let run = 0; run < 7; run++) {
    // Alternate texts, so each run is an edit the page lints anew.
    times.push(await replaceAndLint(page, run % 2 === 0 ? large : `${large}\n`));
  }
  const median = times.sort((a, b) => a - b)[3];
  console.log(`lint of a 50 KiB robots.txt in the page (${site ? "WebAssembly" : "robolint serve"}): ${median.toFixed(1)} ms (median of 7)`);
  await replaceAndLint(page, typed);

  await assertAccessible(page, "the playground at 1400 px");

  // The share link carries the file and the target in its fragment and loads them back
  // (in a new page, which is loaded from the server).
  await context.setOffline(false);
  await page.selectOption("#target", "portable");
  await page.click("#share");
  await page.waitForFunction(() => document.querySelector("#share-link").value.includes("#"));
  const link = await page.inputValue("#share-link");
  assert.ok(link.startsWith(url), "the link is to this page");
  assert.ok(!new URL(link).search, "the file travels in the fragment, not the query");
  const text = await editorText(page);
  const reopened = await open(link);
  await reopened.waitForFunction((expected) => {
    const lines = [...document.querySelectorAll(".cm-content .cm-line")].map((line) => line.textContent);
    return lines.join("\n") === expected;
  }, text);
  assert.equal(await reopened.inputValue("#target"), "portable");

  // A 360 px phone: one column, nothing wider than the screen, findings readable and usable.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, bypassCSP: true });
  const small = await open(url, phone);
  await small.click(".cm-content");
  await small.keyboard.press("Control+A");
  await small.keyboard.insertText(FILE);
  const smallTypo = small.locator('#findings li[data-code="RL102"][data-line="2"]');
  await smallTypo.waitFor();
  const widths = await small.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    findings: document.querySelector("#findings").getBoundingClientRect().width,
    editor: document.querySelector("#editor-pane").getBoundingClientRect().width,
  }));
  assert.ok(widths.page <= 360, `nothing wider than the phone: ${widths.page} px`);
  assert.ok(widths.findings >= 300, `the findings take the width: ${widths.findings} px`);
  assert.ok(widths.editor >= 340, `the editor takes the width: ${widths.editor} px`);
  await small.fill("#url", "/private/report.html");
  await small.click('#url-test button[type="submit"]');
  await small.locator('#robots tr[data-token="Googlebot"]').waitFor();
  await assertAccessible(small, "the playground at 360 px");
  await steadyScreenshot(small, join(screenshots, "playground-phone.png"), 1400);
  await smallTypo.locator("button.fix").tap();
  await small.locator('#findings li[data-code="RL102"]').waitFor({ state: "detached" });

  // The documentation pages of the static site, at both widths.
  if (site) {
    for (const [on, width] of [[context, 1400], [phone, 360]]) {
      for (const path of ["rules/index.html", "rules/field-typo/index.html", "robots/index.html", "dialects/index.html", "configuration/index.html"]) {
        const docs = await on.newPage();
        docs.on("pageerror", (error) => errors.push(error.message));
        await docs.goto(new URL(path, url).href);
        await assertAccessible(docs, `${path} at ${width} px`);
        if (path === "robots/index.html") {
          await docs.fill("#robot-filter", "gptbot");
          const visible = await docs.locator("#robot-table tbody tr:visible").count();
          assert.ok(visible >= 1 && visible < 10, `the registry's search box filters (${visible} rows shown)`);
        }
        const overflow = await docs.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(overflow <= width, `${path} fits ${width} px (${overflow} px)`);
        await docs.close();
      }
    }
  }

  assert.deepEqual(errors, [], "the page threw no error");
  console.log("playground: all browser checks passed");
} finally {
  await browser.close();
  await site?.close();
}
