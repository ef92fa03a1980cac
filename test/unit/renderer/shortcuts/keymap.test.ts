import { describe, expect, it } from 'vitest';
import { PAGE_IDS } from '../../../../src/shared/domain/navigation';
import {
  ariaKeyShortcuts,
  bindingKeys,
  bindingText,
  detectPlatform,
  isTypingTarget,
  matchShortcut,
  SHORTCUT_GROUPS,
  SHORTCUTS,
  shortcutText,
  type KeyLike,
  type MatchContext,
  type Platform,
} from '../../../../src/renderer/src/shortcuts/keymap';

const OTHER: MatchContext = { platform: 'other', typing: false };
const MAC: MatchContext = { platform: 'mac', typing: false };
const TYPING: MatchContext = { platform: 'other', typing: true };

function key(k: string, extra: Partial<KeyLike> = {}): KeyLike {
  return {
    key: k,
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...extra,
  };
}
const ctrl = (k: string, extra: Partial<KeyLike> = {}) => key(k, { ctrlKey: true, ...extra });
const cmd = (k: string, extra: Partial<KeyLike> = {}) => key(k, { metaKey: true, ...extra });
const command = (event: KeyLike, context: MatchContext = OTHER) => matchShortcut(event, context)?.command ?? null;

describe('the shortcut map', () => {
  it('declares each command once, each binding once, and every group it uses', () => {
    const commands = SHORTCUTS.map((s) => s.command);
    expect(new Set(commands).size).toBe(commands.length);
    const bindings = SHORTCUTS.flatMap((s) => s.bindings.map((b) => bindingText(b, 'other')));
    expect(new Set(bindings).size).toBe(bindings.length);
    for (const s of SHORTCUTS) expect(SHORTCUT_GROUPS).toContain(s.group);
  });

  it('has a Go to shortcut for every page, Ctrl+1 to Ctrl+7 in sidebar order', () => {
    expect(PAGE_IDS).toHaveLength(7);
    PAGE_IDS.forEach((page, i) => expect(command(ctrl(String(i + 1), { code: `Digit${i + 1}` }))).toBe(`go-to-${page}`));
    expect(command(ctrl('8', { code: 'Digit8' }))).toBeNull();
    expect(SHORTCUTS.find((s) => s.command === 'go-to-outbox')?.description).toBe('Go to Outbox & Sent');
  });
});

describe('matching a keydown (Windows and Linux: Ctrl)', () => {
  it('finds New fax, Send, Search, Print', () => {
    expect(command(ctrl('n'))).toBe('new-fax');
    expect(command(ctrl('Enter'))).toBe('send');
    expect(command(ctrl('f'))).toBe('search');
    expect(command(key('/'))).toBe('search');
    expect(command(ctrl('p'))).toBe('print');
  });

  it('finds next and previous fax by J/K and Alt+Down/Up', () => {
    expect(command(key('j'))).toBe('next-fax');
    expect(command(key('k'))).toBe('previous-fax');
    expect(command(key('ArrowDown', { altKey: true }))).toBe('next-fax');
    expect(command(key('ArrowUp', { altKey: true }))).toBe('previous-fax');
    // Caps Lock on: still J.
    expect(command(key('J'))).toBe('next-fax');
  });

  it('finds the help by "?", typed with Shift on most layouts', () => {
    expect(command(key('?', { shiftKey: true }))).toBe('show-shortcuts');
    expect(command(key('?'))).toBe('show-shortcuts');
  });

  it('wants exactly the modifiers it names', () => {
    expect(command(key('n'))).toBeNull(); // N alone is not New fax
    expect(command(key('Enter'))).toBeNull();
    expect(command(key('ArrowDown'))).toBeNull(); // plain arrows belong to the focused control
    expect(command(ctrl('j'))).toBeNull();
    expect(command(key('j', { shiftKey: true }))).toBeNull();
    expect(command(ctrl('n', { shiftKey: true }))).toBeNull();
    expect(command(ctrl('p', { altKey: true }))).toBeNull(); // AltGr is Ctrl+Alt on Windows
    expect(command(ctrl('n', { metaKey: true }))).toBeNull();
    expect(command(cmd('n'))).toBeNull(); // the Windows key is not Ctrl
    expect(command(ctrl('ArrowDown', { altKey: true }))).toBeNull();
  });

  it('uses the physical key when the layout types another script, not when it types another Latin letter', () => {
    expect(command(ctrl('т', { code: 'KeyN' }))).toBe('new-fax'); // Russian layout
    expect(command(ctrl('&', { code: 'Digit1' }))).toBe('go-to-compose'); // AZERTY
    expect(command(key('о', { code: 'KeyJ' }))).toBe('next-fax');
    // Dvorak: the key where QWERTY has P types "l": that is Ctrl+L, not Print.
    expect(command(ctrl('l', { code: 'KeyP' }))).toBeNull();
  });

  it('leaves bare keys to text fields, and keeps the Ctrl ones there', () => {
    expect(command(key('j'), TYPING)).toBeNull();
    expect(command(key('/'), TYPING)).toBeNull();
    expect(command(key('?', { shiftKey: true }), TYPING)).toBeNull();
    expect(command(key('ArrowDown', { altKey: true }), TYPING)).toBeNull(); // a select opens on Alt+Down
    expect(command(ctrl('Enter'), TYPING)).toBe('send');
    expect(command(ctrl('f'), TYPING)).toBe('search');
    expect(command(ctrl('n'), TYPING)).toBe('new-fax');
    expect(command(ctrl('p'), TYPING)).toBe('print');
    expect(command(ctrl('2', { code: 'Digit2' }), TYPING)).toBe('go-to-outbox');
  });

  it('repeats only the list moves while a key is held, and ignores keys of an IME composition', () => {
    expect(command(key('j', { repeat: true }))).toBe('next-fax');
    expect(command(ctrl('Enter', { repeat: true }))).toBeNull();
    expect(command(ctrl('p', { repeat: true }))).toBeNull();
    expect(command(key('j', { isComposing: true }))).toBeNull();
    expect(command(key('Process'))).toBeNull();
  });

  it('marks Print as always stopping the browser (no print of the app window)', () => {
    expect(matchShortcut(ctrl('p'), OTHER)?.alwaysPreventDefault).toBe(true);
    expect(matchShortcut(ctrl('f'), OTHER)?.alwaysPreventDefault).toBeFalsy();
  });
});

describe('matching a keydown (macOS: Cmd)', () => {
  it('uses Cmd where others use Ctrl', () => {
    expect(command(cmd('n'), MAC)).toBe('new-fax');
    expect(command(cmd('Enter'), MAC)).toBe('send');
    expect(command(cmd('f'), MAC)).toBe('search');
    expect(command(cmd('p'), MAC)).toBe('print');
    expect(command(cmd('3', { code: 'Digit3' }), MAC)).toBe('go-to-inbox');
  });

  it('does not take Ctrl for Cmd (Ctrl+N moves the caret down in macOS text)', () => {
    expect(command(ctrl('n'), MAC)).toBeNull();
    expect(command(ctrl('Enter'), MAC)).toBeNull();
    expect(command(cmd('n', { ctrlKey: true }), MAC)).toBeNull();
  });

  it('keeps the bare keys', () => {
    expect(command(key('j'), MAC)).toBe('next-fax');
    expect(command(key('ArrowUp', { altKey: true }), MAC)).toBe('previous-fax');
  });
});

describe('the platform', () => {
  it('is macOS by userAgentData or navigator.platform, else Ctrl', () => {
    expect(detectPlatform({ userAgentData: { platform: 'macOS' } })).toBe('mac');
    expect(detectPlatform({ platform: 'MacIntel' })).toBe('mac');
    expect(detectPlatform({ userAgentData: { platform: '' }, platform: 'MacIntel' })).toBe('mac');
    expect(
      detectPlatform({
        userAgentData: { platform: 'Windows' },
        platform: 'Win32',
      }),
    ).toBe('other');
    expect(detectPlatform({ platform: 'Linux x86_64' })).toBe('other');
    expect(detectPlatform(undefined)).toBe('other');
  });
});

describe('text fields', () => {
  const el = (tagName: string, extra: { type?: string; isContentEditable?: boolean; role?: string } = {}) => ({
    tagName,
    type: extra.type,
    isContentEditable: extra.isContentEditable ?? false,
    getAttribute: (name: string) => (name === 'role' ? (extra.role ?? null) : null),
  });

  it('are inputs that take text, textareas, selects and editable content', () => {
    for (const type of ['text', 'search', 'tel', 'email', 'number', 'date', 'datetime-local', 'password', '']) expect(isTypingTarget(el('INPUT', { type }))).toBe(true);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el('DIV', { role: 'textbox' }))).toBe(true);
    expect(isTypingTarget(el('DIV', { role: 'combobox' }))).toBe(true);
  });

  it('are not buttons, checkboxes, radios, lists or the page itself', () => {
    for (const type of ['checkbox', 'radio', 'button', 'submit', 'file', 'range']) expect(isTypingTarget(el('INPUT', { type }))).toBe(false);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(el('DIV', { role: 'listbox' }))).toBe(false);
    expect(isTypingTarget(el('BODY'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('key names for the help dialog', () => {
  const names = (command: string, platform: Platform) => SHORTCUTS.find((s) => s.command === command)!.bindings.map((b) => bindingKeys(b, platform));

  it('says Ctrl or Cmd, Alt or Option, and arrows as arrows', () => {
    expect(names('new-fax', 'other')).toEqual([['Ctrl', 'N']]);
    expect(names('new-fax', 'mac')).toEqual([['Cmd', 'N']]);
    expect(names('send', 'other')).toEqual([['Ctrl', 'Enter']]);
    expect(names('next-fax', 'other')).toEqual([['J'], ['Alt', '↓']]);
    expect(names('previous-fax', 'mac')).toEqual([['K'], ['Option', '↑']]);
    expect(names('search', 'other')).toEqual([['Ctrl', 'F'], ['/']]);
    expect(names('show-shortcuts', 'other')).toEqual([['?']]);
  });

  it("writes a command's first binding as text, for hints", () => {
    expect(shortcutText('send', 'other')).toBe('Ctrl+Enter');
    expect(shortcutText('print', 'mac')).toBe('Cmd+P');
    expect(shortcutText('go-to-settings', 'other')).toBe('Ctrl+7');
  });

  it('writes them for aria-keyshortcuts too', () => {
    expect(ariaKeyShortcuts('go-to-inbox', 'other')).toBe('Control+3');
    expect(ariaKeyShortcuts('go-to-inbox', 'mac')).toBe('Meta+3');
    expect(ariaKeyShortcuts('next-fax', 'other')).toBe('J Alt+ArrowDown');
  });
});
