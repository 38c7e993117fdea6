/**
 * The browser the build draws with (the articles' diagrams, the CV's PDF):
 * the one CHROMIUM_PATH names, else Debian's Chromium, else Playwright's
 * own (`npx playwright-core install chromium`, as the release workflow
 * does on runners without Debian's).
 */
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Why this machine could not draw (no browser): one line, which the build shows as it is. */
export class ChromiumError extends Error {}

/** A headless Chromium; when there is none, a ChromiumError saying that `what` needs it and how to install it. */
export async function launchChromium(what) {
  try {
    // Imported here: most builds draw nothing, and each worker thread that renders articles would load it.
    const { chromium } = await import('playwright-core');
    return await chromium.launch({ executablePath: chromiumPath });
  } catch (error) {
    throw new ChromiumError(
      `${what} needs Chromium (${error.message.split('\n')[0]}); install it (apt-get install chromium) or name it in CHROMIUM_PATH`,
    );
  }
}
