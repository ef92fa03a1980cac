/**
 * The keyboard shortcuts, declared once: the bindings, the matcher that turns a keydown into a command,
 * and the key names the help dialog shows. Pure (no DOM, no React), so it is tested without a browser.
 *
 * "Mod" is Ctrl on Windows and Linux and Cmd on macOS. Shortcuts without Ctrl/Cmd (J, K, /, ?) never
 * fire while the person is typing in a field, where those keys are text; the Ctrl/Cmd ones do
 * (Ctrl+Enter sends from any field of Compose, Ctrl+F from inside another field still finds).
 */
import { PAGE_IDS, PAGE_LABELS, type PageId } from '../../../shared/domain/navigation';

export type Platform = 'mac' | 'other';

export type CommandId = 'new-fax' | 'send' | 'search' | 'next-fax' | 'previous-fax' | 'print' | 'show-shortcuts' | `go-to-${PageId}`;

export interface KeyBinding {
  /** KeyboardEvent.key: a letter in lower case, a character ('/', '?') or a key name ('Enter', 'ArrowDown'). */
  key: string;
  /**
   * KeyboardEvent.code, used only when the layout does not type a Latin letter or digit on that key
   * (Ctrl+1 on AZERTY types '&', Ctrl+N on a Cyrillic layout types 'т').
   */
  code?: string;
  /** Ctrl (Windows, Linux) or Cmd (macOS). */
  mod?: boolean;
  alt?: boolean;
  /** Shift must be up (the default), down, or either: '?' and, on some layouts, '/' need Shift to be typed. */
  shift?: boolean | 'any';
}

export type ShortcutGroup = 'General' | 'Compose' | 'Inbox and Outbox' | 'Go to';

export interface Shortcut {
  command: CommandId;
  /** What it does, as the help dialog says it. */
  description: string;
  group: ShortcutGroup;
  /** A Ctrl/Cmd binding also fires while focus is in a text field; a bare key there is text, so it does not. */
  bindings: readonly KeyBinding[];
  /** Fires again while the key is held down (moving through a list); others fire once per press. */
  repeats?: boolean;
  /** The browser's own action for these keys is always stopped, even when the page has no handler
   *  (Ctrl+P would print the app's window: sidebar, buttons and all). */
  alwaysPreventDefault?: boolean;
}

const goToPage = (page: PageId, index: number): Shortcut => ({
  command: `go-to-${page}`,
  description: `Go to ${PAGE_LABELS[page]}`,
  group: 'Go to',
  bindings: [{ key: String(index + 1), code: `Digit${index + 1}`, mod: true }],
});

export const SHORTCUTS: readonly Shortcut[] = [
  {
    command: 'new-fax',
    description: 'New fax (go to Compose)',
    group: 'General',
    bindings: [{ key: 'n', code: 'KeyN', mod: true }],
  },
  {
    command: 'search',
    description: "Search this page's list",
    group: 'General',
    bindings: [
      { key: 'f', code: 'KeyF', mod: true },
      { key: '/', shift: 'any' },
    ],
  },
  {
    command: 'show-shortcuts',
    description: 'Show these keyboard shortcuts',
    group: 'General',
    bindings: [{ key: '?', shift: 'any' }],
  },
  {
    command: 'send',
    description: 'Send the fax',
    group: 'Compose',
    bindings: [{ key: 'Enter', mod: true }],
  },
  {
    command: 'next-fax',
    description: 'Open the next fax in the list',
    group: 'Inbox and Outbox',
    bindings: [
      { key: 'j', code: 'KeyJ' },
      { key: 'ArrowDown', alt: true },
    ],
    repeats: true,
  },
  {
    command: 'previous-fax',
    description: 'Open the previous fax in the list',
    group: 'Inbox and Outbox',
    bindings: [
      { key: 'k', code: 'KeyK' },
      { key: 'ArrowUp', alt: true },
    ],
    repeats: true,
  },
  {
    command: 'print',
    description: 'Print the open fax',
    group: 'Inbox and Outbox',
    bindings: [{ key: 'p', code: 'KeyP', mod: true }],
    alwaysPreventDefault: true,
  },
  ...PAGE_IDS.map(goToPage),
];

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = ['General', 'Compose', 'Inbox and Outbox', 'Go to'];

/** The fields of a KeyboardEvent the matcher reads. */
export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  repeat?: boolean;
  isComposing?: boolean;
}

export interface MatchContext {
  platform: Platform;
  /** Focus is in a text field (see isTypingTarget). */
  typing: boolean;
}

/** macOS (Cmd) or anything else (Ctrl), from navigator.userAgentData.platform or navigator.platform. */
export function detectPlatform(nav: { platform?: string; userAgentData?: { platform?: string } } | undefined): Platform {
  const name = nav?.userAgentData?.platform || nav?.platform || '';
  return /mac|iphone|ipad|ipod/i.test(name) ? 'mac' : 'other';
}

const LATIN_OR_DIGIT = /^[a-z0-9]$/i;

function keyMatches(binding: KeyBinding, event: KeyLike): boolean {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === binding.key) return true;
  // The physical key, when this layout types something else than a Latin letter or digit on it.
  return binding.code !== undefined && event.code === binding.code && !LATIN_OR_DIGIT.test(event.key);
}

export function bindingMatches(binding: KeyBinding, event: KeyLike, platform: Platform): boolean {
  const wantMod = binding.mod === true;
  const mod = platform === 'mac' ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  const noMod = !event.ctrlKey && !event.metaKey;
  if (wantMod ? !mod : !noMod) return false;
  // Exact Alt also keeps AltGr (Ctrl+Alt on Windows) from passing for Ctrl.
  if (event.altKey !== (binding.alt === true)) return false;
  const shift = binding.shift ?? false;
  if (shift !== 'any' && event.shiftKey !== shift) return false;
  return keyMatches(binding, event);
}

/** The shortcut this keydown means here, or null. */
export function matchShortcut(event: KeyLike, context: MatchContext, shortcuts: readonly Shortcut[] = SHORTCUTS): Shortcut | null {
  // A key that is part of an IME composition (Japanese, Chinese input) is text, not a command.
  if (event.isComposing || event.key === 'Process' || event.key === 'Dead') return null;
  for (const shortcut of shortcuts) {
    if (event.repeat && !shortcut.repeats) continue;
    const fits = (binding: KeyBinding) => (binding.mod === true || !context.typing) && bindingMatches(binding, event, context.platform);
    if (shortcut.bindings.some(fits)) return shortcut;
  }
  return null;
}

/** The parts of a focused element that tell whether keys typed there are text. */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** Input types where a letter key is not text (a J pressed on a checkbox may move to the next fax). */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Keys typed at this element are text (or a choice, in a select): bare-key shortcuts stay away. */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NON_TEXT_INPUTS.has((target.type || 'text').toLowerCase());
  const role = target.getAttribute?.('role');
  return role ? TEXT_ROLES.has(role) : false;
}

const KEY_NAMES: Record<string, string> = {
  Enter: 'Enter',
  ArrowDown: '↓',
  ArrowUp: '↑',
  '/': '/',
  '?': '?',
};

/** The keys of a binding as the help dialog shows them: ['Ctrl', 'N'], ['Cmd', 'Enter'], ['Alt', '↓']. */
export function bindingKeys(binding: KeyBinding, platform: Platform): string[] {
  const keys: string[] = [];
  if (binding.mod) keys.push(platform === 'mac' ? 'Cmd' : 'Ctrl');
  if (binding.alt) keys.push(platform === 'mac' ? 'Option' : 'Alt');
  if (binding.shift === true) keys.push('Shift');
  keys.push(KEY_NAMES[binding.key] ?? binding.key.toUpperCase());
  return keys;
}

/** A binding in words, for a title or a screen reader: "Ctrl+N", "Alt+↓". */
export function bindingText(binding: KeyBinding, platform: Platform): string {
  return bindingKeys(binding, platform).join('+');
}

/** The shortcut of a command, for hints next to buttons ("Send fax (Ctrl+Enter)"). */
export function shortcutText(command: CommandId, platform: Platform, shortcuts: readonly Shortcut[] = SHORTCUTS): string | null {
  const binding = shortcuts.find((s) => s.command === command)?.bindings[0];
  return binding ? bindingText(binding, platform) : null;
}

/** A command's keys as aria-keyshortcuts wants them ("Control+3", "Meta+3"), so screen readers can say them. */
export function ariaKeyShortcuts(command: CommandId, platform: Platform, shortcuts: readonly Shortcut[] = SHORTCUTS): string | undefined {
  const bindings = shortcuts.find((s) => s.command === command)?.bindings ?? [];
  const names = bindings.map((b) => {
    const keys: string[] = [];
    if (b.mod) keys.push(platform === 'mac' ? 'Meta' : 'Control');
    if (b.alt) keys.push('Alt');
    if (b.shift === true) keys.push('Shift');
    keys.push(b.key.length === 1 ? b.key.toUpperCase() : b.key);
    return keys.join('+');
  });
  return names.length > 0 ? names.join(' ') : undefined;
}
