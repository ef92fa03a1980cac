/**
 * Text a person cannot read whole: an element that clips its overflow (overflow hidden or clip, or an
 * ellipsis) while its content is larger than its box. Text fields scroll their own text and scroll
 * containers (overflow auto) show a scroll bar: neither counts. Visually hidden texts (1 px boxes read
 * by screen readers) do not count either. An ellipsis whose element carries the whole text as its
 * tooltip is named apart (`withTooltip`), so a test can decide about it.
 */
import type { Page } from 'playwright-core';

export interface Clipped {
  /** tag.class "text…" and the sizes. */
  what: string;
  withTooltip: boolean;
}

export async function findClipped(page: Page, scope = 'body'): Promise<Clipped[]> {
  return page.evaluate((selector) => {
    const out: { what: string; withTooltip: boolean }[] = [];
    const root = document.querySelector(selector);
    if (!root) return out;
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'CANVAS', 'IMG', 'svg', 'METER', 'PROGRESS'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (el.closest('dialog:not([open]), [hidden], .sr-only')) continue;
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      const overX = el.scrollWidth > el.clientWidth + 1;
      const overY = el.scrollHeight > el.clientHeight + 1;
      if ((clipsX && overX) || (clipsY && overY)) {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
        if (text === '') continue;
        out.push({
          what: `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} "${text.slice(0, 60)}" ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
          withTooltip: el.title.trim() !== '' && el.title.replace(/\s+/g, ' ').trim() === text,
        });
      }
    }
    return out;
  }, scope);
}
