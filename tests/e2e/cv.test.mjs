// The CV as the binary serves it: the page on paper (no nav, no buttons,
// one or two sheets of A4 or Letter for the sample), /cv.pdf read by
// PDF.js (unpdf): its text, its live links, its fonts embedded, its size;
// /resume.json valid against JSON Resume's schema and named in /llms.txt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getDocumentProxy, extractText } from 'unpdf';
import resumeSchema from '@jsonresume/schema';
import { openPage, serverAndBrowser } from './harness.mjs';
import { pageOf, site, work } from '../../webapp/src/data/index.js';
import { cvPage, cvPdfPath, cvProjects } from '../../webapp/src/cvData.js';
import { resumeJsonPath } from '../../webapp/src/urls.js';

const env = serverAndBrowser();
const MAX_PDF_BYTES = 200 * 1024;
// The sample's CV fits on two sheets; an owner's may take more.
const isSample = site.main.title === 'Jordan Lee';

/** What PDF.js reads of `bytes`: the number of pages, the text, and the links' addresses. */
async function readPdf(bytes) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const links = [];
  for (let number = 1; number <= totalPages; number++) {
    const annotations = await (await pdf.getPage(number)).getAnnotations();
    links.push(...annotations.filter(({ subtype }) => subtype === 'Link').map(({ url }) => url));
  }
  return { totalPages, text: text.replace(/\s+/g, ' '), links };
}

test(
  '/cv.pdf is the CV: its text selectable, its links live, its fonts embedded, and light',
  { skip: !cvPage },
  async () => {
    const response = await fetch(env.server.baseURL + cvPdfPath);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.ok(bytes.length <= MAX_PDF_BYTES, `${bytes.length} B, over ${MAX_PDF_BYTES}`);
    const { totalPages, text, links } = await readPdf(bytes);
    if (isSample) assert.ok(totalPages <= 2, `${totalPages} pages`);
    const squeezed = (words) => words.replace(/\s+/g, ' ');
    for (const words of [
      pageOf('cv').heading,
      ...work.map(({ role }) => role),
      ...cvProjects().map(({ title }) => title),
    ])
      assert.ok(text.includes(squeezed(words)), `the PDF's text has "${words}"`);
    for (const url of [`mailto:${site.main.email}`, ...cvProjects().map(({ link }) => link)])
      assert.ok(links.includes(url) || links.includes(`${url}/`), `the PDF links ${url}: ${links.join(' ')}`);
    // Every font the PDF names comes with its file: it reads the same on any machine.
    const raw = bytes.toString('latin1');
    const descriptors = raw.match(/\/Type \/FontDescriptor/g)?.length ?? 0;
    assert.ok(descriptors > 0, 'the PDF has fonts');
    assert.equal(raw.match(/\/FontFile[23]? /g)?.length, descriptors, 'each font embedded');
  },
);

test(
  'the CV on paper: no nav, footer or buttons, on one or two sheets of A4 or Letter',
  { skip: !cvPage },
  async () => {
    const { page, problems } = await openPage(env.browser.context, env.server.baseURL);
    await page.goto(env.server.baseURL + cvPage.path, { waitUntil: 'networkidle' });
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-header', '.site-footer', 'main button', `main a[href="${cvPdfPath}"]`])
      assert.equal(await page.locator(selector).first().isVisible(), false, `${selector} is not on paper`);
    for (const format of ['A4', 'Letter']) {
      const { totalPages, text } = await readPdf(await page.pdf({ format }));
      assert.ok(text.includes(pageOf('cv').heading), format);
      if (isSample) assert.ok(totalPages <= 2, `${format}: ${totalPages} pages`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  },
);

test('/resume.json is valid JSON Resume, and /llms.txt names it', { skip: !cvPage }, async () => {
  const response = await fetch(env.server.baseURL + resumeJsonPath);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^application\/json/);
  const resume = await response.json();
  const errors = [];
  resumeSchema.validate(resume, (error) => errors.push(...(error ?? [])));
  assert.deepEqual(errors, []);
  assert.equal(resume.basics.name, site.main.name);
  assert.deepEqual(
    resume.work.map(({ position }) => position),
    work.map(({ role }) => role),
  );
  const llms = await (await fetch(`${env.server.baseURL}/llms.txt`)).text();
  assert.ok(llms.includes(`(${new URL(resumeJsonPath, site.main.origin).href})`), llms);
});
