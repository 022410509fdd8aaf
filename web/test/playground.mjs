// The playground in a real browser: Debian's chromium, headless, driven by playwright-core
// (which never downloads a browser of its own). tests/playground.rs runs it twice: on the
// static site that site.mjs builds (robolint compiled to WebAssembly, served here by a plain
// static server) and on `robolint serve --port 0`. It exits non-zero on the first failed
// expectation.
//
//   PLAYGROUND_SITE        a folder holding the static site, served on loopback, or
//   PLAYGROUND_URL         the page, http://127.0.0.1:PORT/
//   PLAYGROUND_SCREENSHOT  where to save the screenshot (default: playground.png)
//   CHROMIUM               the browser (default: /usr/bin/chromium)

import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { chromium } from "playwright-core";
import { serveFolder } from "../static-server.mjs";

const site = process.env.PLAYGROUND_SITE ? await serveFolder(process.env.PLAYGROUND_SITE) : null;
const url = site?.url ?? process.env.PLAYGROUND_URL;
assert.ok(url, "PLAYGROUND_SITE or PLAYGROUND_URL names the page to test");
const screenshot = process.env.PLAYGROUND_SCREENSHOT ?? "playground.png";

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
const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });

async function open(address) {
  const page = await context.newPage();
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

try {
  const page = await open(url);
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
  assert.match(await typo.innerText(), /Dissallow/);
  assert.ok((await page.locator(".cm-lintRange-warning").count()) > 0, "the finding is marked in the editor");
  assert.equal(await typo.locator("a.code").getAttribute("href"), "/rules/field-typo", "the code links to its rule");

  // The code's link shows the rule's documentation in the page.
  await typo.locator("a.code").click();
  await page.waitForSelector("#rule-docs:not([hidden])");
  assert.match(await page.locator("#rule-text").innerText(), /^RL102 field-typo: /);

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
  await googlebot.click();
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

  await mkdir(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);

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

  assert.deepEqual(errors, [], "the page threw no error");
  console.log("playground: all browser checks passed");
} finally {
  await browser.close();
  await site?.close();
}
