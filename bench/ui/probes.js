/* global window, document, requestAnimationFrame, MutationObserver */
/**
 * Measuring probes injected into the app's page by the UI benchmark (bench/ui.ts), before the app's own
 * scripts run. Everything is timed inside the page (performance.now()), so the figures carry no
 * DevTools-protocol round trips. A figure ends at the frame after the DOM change (the change painted).
 */
(() => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Long tasks (over 50 ms) seen since the page started, kept for the benchmark to read. */
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the benchmark reports it.
    longTasks.push({ start: -1, duration: -1 });
  }

  /** Resolves when `test()` is true after a DOM change (checked at once, then on every mutation), or rejects after `timeoutMs`. */
  function when(test, timeoutMs) {
    return new Promise((resolve, reject) => {
      if (test()) return resolve(undefined);
      const observer = new MutationObserver(() => {
        if (!test()) return;
        observer.disconnect();
        resolve(undefined);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        if (test()) resolve(undefined);
        else reject(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
    });
  }

  /** Page 1 of the open fax drawn at its full size on screen (not a provisional smaller drawing). */
  function pageOneDrawnFull() {
    const page = document.querySelector('.fax-page[data-page="1"]');
    const canvas = page?.querySelector('.fax-page-surface[data-rendered="true"] canvas');
    return !!canvas && canvas.width >= 0.95 * page.clientWidth * (window.devicePixelRatio || 1);
  }

  const navButton = (name) => [...document.querySelectorAll('nav[aria-label="Main"] button')].find((b) => (b.textContent || '').trim().startsWith(name));
  const inboxList = () => document.querySelector('[role="listbox"][aria-label^="Received faxes"]');
  const outboxList = () => document.querySelector('.outbox-list');

  window.__faxdeskBench = {
    longTasks,

    /** Opens `name` in the sidebar and waits until the page shows (its heading or list). */
    async go(name, ready) {
      navButton(name).click();
      await when(() => document.querySelector(ready) !== null, 30_000);
      await frame();
    },

    /** Inbox opened from another page: milliseconds until its first rows are painted. */
    async inboxFirstRender() {
      const started = performance.now();
      navButton('Inbox').click();
      await when(() => (inboxList()?.querySelectorAll('[role="option"]').length ?? 0) > 0, 30_000);
      await frame();
      return performance.now() - started;
    },

    /** Time origin → first inbox row painted (the page as it loads). */
    async firstRowSinceLoad() {
      await when(() => (inboxList()?.querySelectorAll('[role="option"]').length ?? 0) > 0, 60_000);
      await frame();
      return performance.now();
    },

    /**
     * Scrolls the inbox to its very end like a person dragging the scroll bar to the bottom again and
     * again as more loads (each frame jumps to the bottom of what is loaded: every frame draws a new set
     * of rows), until every fax is loaded and the last one is in view. Returns the rows, the time, and
     * the long tasks seen meanwhile.
     */
    async inboxScrollToEnd(timeoutMs) {
      const list = inboxList();
      const started = performance.now();
      const firstTask = longTasks.length;
      let frames = 0;
      for (;;) {
        list.scrollTop = list.scrollHeight;
        await frame();
        frames++;
        const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
        const more = list.querySelector('.inbox-row-more') !== null || list.getAttribute('aria-busy') === 'true';
        if (atEnd && !more) {
          await sleep(300);
          if (list.querySelector('.inbox-row-more') === null && list.scrollTop + list.clientHeight >= list.scrollHeight - 1) break;
        }
        if (performance.now() - started > timeoutMs) throw new Error(`the inbox did not reach its end in ${timeoutMs} ms`);
      }
      const last = [...list.querySelectorAll('[role="option"]')].map((o) => Number(o.getAttribute('aria-posinset'))).reduce((a, b) => Math.max(a, b), 0);
      return { ms: performance.now() - started, frames, lastRow: last, longTasks: longTasks.slice(firstTask) };
    },

    /**
     * Types `text` into the Outbox search box one letter at a time. For each letter: milliseconds from
     * the key to the list painted for the text typed so far (the list busy, then not busy again).
     */
    async outboxTypeSearch(text, pauseMs) {
      const box = document.querySelector('input[aria-label="Search faxes"]');
      const list = () => outboxList();
      const setter = Object.getOwnPropertyDescriptor(window.HTMLInputElement.prototype, 'value').set;
      const results = [];
      box.focus();
      for (let i = 1; i <= text.length; i++) {
        let busySeen = false;
        const observer = new MutationObserver(() => {
          if (list()?.getAttribute('aria-busy') === 'true') busySeen = true;
        });
        observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'], childList: true });
        const started = performance.now();
        setter.call(box, text.slice(0, i));
        box.dispatchEvent(new window.Event('input', { bubbles: true }));
        await when(() => busySeen && list()?.getAttribute('aria-busy') === 'false', 30_000);
        await frame();
        results.push({ text: text.slice(0, i), ms: performance.now() - started, rows: list()?.querySelectorAll('[role="option"]').length ?? 0 });
        observer.disconnect();
        await sleep(pauseMs);
      }
      return results;
    },

    /** Opens the inbox row at `index` (0 = newest) and waits for page 1 of its image on screen. */
    async openInboxRow(index) {
      const row = inboxList().querySelectorAll('[role="option"]')[index];
      const started = performance.now();
      row.click();
      await when(pageOneDrawnFull, 60_000);
      await frame();
      const canvas = document.querySelector('.fax-page[data-page="1"] canvas');
      return { ms: performance.now() - started, width: canvas.width, height: canvas.height };
    },

    /** Opens another inbox row (its viewer replaces the open one) and waits a moment. */
    async openOtherRow(index) {
      inboxList().querySelectorAll('[role="option"]')[index].click();
      await sleep(500);
    },
  };
})();
