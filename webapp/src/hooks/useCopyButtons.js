/**
 * A "Copy" button over each code block of an article's body, added once the
 * page's script runs: a page read without JavaScript has none (its code can
 * still be selected). The button copies the block's code and says so
 * (`say`, which the page shows in a live region for screen readers);
 * where the clipboard cannot be written (a site served over plain HTTP),
 * it selects the code for the reader to copy instead.
 */
import { useEffect } from 'react';
import { articlesUi } from '../data/articlesUi.js';

/** How long the button says what it did before it reads "Copy" again. */
const SAID_FOR_MS = 2000;

/** Puts `code`'s text on the clipboard; false when the browser does not allow it. */
async function copied(code) {
  try {
    await navigator.clipboard.writeText(code.textContent);
    return true;
  } catch {
    const range = document.createRange();
    range.selectNodeContents(code);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    return false;
  }
}

/** Adds the buttons to the code blocks inside `bodyRef` whenever `html` changes, and removes them after. */
export function useCopyButtons(bodyRef, html, say) {
  useEffect(() => {
    const { label, copied: done, selected } = articlesUi.copyCode;
    const added = [];
    const timers = [];
    for (const block of bodyRef.current?.querySelectorAll('pre.code-block') ?? []) {
      const code = block.querySelector('code') ?? block;
      const bar = document.createElement('div');
      bar.className = 'code-copy';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      // "Copy Code sample ts": which block, for a screen reader's list of buttons.
      button.setAttribute('aria-label', `${label} ${block.getAttribute('aria-label') ?? ''}`.trim());
      button.addEventListener('click', async () => {
        const message = (await copied(code)) ? done : selected;
        button.textContent = message;
        say(message);
        timers.push(
          setTimeout(() => {
            button.textContent = label;
            say('');
          }, SAID_FOR_MS),
        );
      });
      bar.append(button);
      block.before(bar);
      added.push(bar);
    }
    return () => {
      timers.forEach(clearTimeout);
      added.forEach((bar) => bar.remove());
    };
  }, [bodyRef, html, say]);
}
