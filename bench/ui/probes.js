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

  /**
   * Long animation frames (Chromium 123+): which scripts ran in a frame, so a long task can be told
   * apart as the app's work (and which), or the machine's (a frame long with no script in it).
   */
  const longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = entry.scripts
          .slice()
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((s) => `${s.invoker || s.invokerType} ${s.sourceFunctionName || ''} ${(s.sourceURL || '').split('/').pop()} ${Math.round(s.duration)} ms`.replace(/ +/g, ' ').trim());
        longFrames.push({ start: entry.startTime, end: entry.startTime + entry.duration, work: Math.round(entry.renderStart ? entry.renderStart - entry.startTime : entry.duration), render: Math.round(entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0), scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Not in this browser: the long tasks are reported without what ran in them.
  }
  /** What ran in the long animation frame around a long task (empty when unknown). */
  const explain = (task) => {
    const frame = longFrames.find((f) => task.start >= f.start - 1 && task.start <= f.end);
    if (!frame) return '';
    return `frame: ${frame.work} ms of tasks, ${frame.render} ms rendering${frame.scripts.length ? `; scripts: ${frame.scripts.join(', ')}` : '; no script'}`;
  };

  /**
   * Bridge calls as they go out and come back (the WebSocket the app's shim talks through): how much of
   * a figure was spent waiting for main. Reads only the head of each answer, so big answers cost nothing more.
   */
  const bridgeCalls = new Map();
  const watched = new WeakSet();
  const originalSend = window.WebSocket.prototype.send;
  window.WebSocket.prototype.send = function send(data) {
    if (typeof data === 'string' && data.startsWith('{"type":"call"')) {
      const head = /^\{"type":"call","id":(\d+),"channel":"([^"]+)"/.exec(data);
      if (head) bridgeCalls.set(Number(head[1]), { channel: head[2], sentAt: performance.now(), answeredAt: null });
      if (!watched.has(this)) {
        watched.add(this);
        this.addEventListener('message', (event) => {
          const answer = typeof event.data === 'string' ? /^\{"type":"result","id":(\d+)/.exec(event.data.slice(0, 40)) : null;
          const call = answer ? bridgeCalls.get(Number(answer[1])) : undefined;
          if (call) call.answeredAt = performance.now();
        });
      }
    }
    return originalSend.call(this, data);
  };
  /** Milliseconds spent waiting for main on `channel` calls sent in [from, to]. */
  const waitedFor = (channel, from, to) => {
    let total = 0;
    for (const call of bridgeCalls.values()) if (call.channel === channel && call.sentAt >= from && call.sentAt <= to && call.answeredAt !== null) total += call.answeredAt - call.sentAt;
    return total;
  };

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
     * Scrolls the inbox down one screenful per frame (a fast, steady fling: every row passes through the
     * view) from where it is until the row at index `toRow` is in view, or, with `toRow` null, until the
     * last fax is read and in view. Returns the last row shown, the time, the frames, how many frames
     * showed a row still being read (a placeholder in view), and the long tasks seen meanwhile.
     */
    async inboxScrollDown(toRow, timeoutMs) {
      const list = inboxList();
      const started = performance.now();
      const firstTask = longTasks.length;
      const inView = (row) => {
        const top = row.getBoundingClientRect().top - list.getBoundingClientRect().top;
        return top + row.clientHeight > 0 && top < list.clientHeight;
      };
      const lastShown = () => [...list.querySelectorAll('[role="option"]')].filter(inView).map((o) => Number(o.getAttribute('aria-posinset'))).reduce((a, b) => Math.max(a, b), 0);
      let frames = 0;
      let waitingFrames = 0;
      for (;;) {
        list.scrollTop += list.clientHeight;
        await frame();
        frames++;
        if ([...list.querySelectorAll('.inbox-row-placeholder')].some(inView)) waitingFrames++;
        const settled = list.querySelector('.inbox-row-placeholder') === null;
        if (toRow !== null && settled && lastShown() >= toRow + 1) break;
        const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
        const options = list.querySelectorAll('[role="option"]');
        const last = options[options.length - 1];
        if (toRow === null && atEnd && settled && last && last.getAttribute('aria-posinset') === last.getAttribute('aria-setsize')) break;
        if (performance.now() - started > timeoutMs) throw new Error(`the inbox did not reach ${toRow ?? 'its end'} in ${timeoutMs} ms`);
      }
      const ended = performance.now();
      await sleep(200); // long-task entries arrive a little after their task
      // Only tasks that started while scrolling: not what the benchmark did in the page before (a heap snapshot is one).
      const during = longTasks.slice(firstTask).filter((task) => task.start >= started && task.start <= ended);
      return { ms: ended - started, frames, waitingFrames, lastRow: lastShown(), longTasks: during.map((task) => ({ ...task, start: task.start - started, ran: explain(task) })) };
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
        const ended = performance.now();
        results.push({ text: text.slice(0, i), ms: ended - started, mainMs: waitedFor('outbox:list', started, ended), rows: list()?.querySelectorAll('[role="option"]').length ?? 0 });
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
