/**
 * The React side of the shortcuts: `useShortcutKeys()` (once, in App) listens for keydown on the window
 * and runs the matching command; `useCommand()` lets the page on screen handle a command while it is
 * mounted, e.g. `useCommand('search', () => searchRef.current?.focus())`.
 *
 * The window listener runs after the focused element's own handlers: a key a control already used
 * (the Inbox list moving on J, a select opening on Alt+Down) is left alone. While a modal dialog is
 * open the keys belong to it.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { detectPlatform, isTypingTarget, matchShortcut, type CommandId, type Platform } from './keymap';
import { commands, type CommandHandler } from './registry';

/** This machine's platform (Cmd on macOS, Ctrl elsewhere), read once. */
export const PLATFORM: Platform = detectPlatform(typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { userAgentData?: { platform?: string } }));

/** Handles `command` with `handler` while the calling component is mounted (and `enabled`). */
export function useCommand(command: CommandId, handler: CommandHandler, enabled = true): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return commands.register(command, () => latest.current());
  }, [command, enabled]);
}

function modalIsOpen(): boolean {
  try {
    return document.querySelector('dialog:modal') !== null;
  } catch {
    return document.querySelector('dialog[open]') !== null;
  }
}

/** Turns keydowns anywhere in the window into commands. Call once, in App. */
export function useShortcutKeys(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const shortcut = matchShortcut(event, {
        platform: PLATFORM,
        typing: isTypingTarget(target),
      });
      if (!shortcut) return;
      if (modalIsOpen()) {
        if (shortcut.alwaysPreventDefault) event.preventDefault();
        return;
      }
      const handled = commands.run(shortcut.command);
      if (handled || shortcut.alwaysPreventDefault) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The Search shortcut's usual handler: the search box focused with its text selected, to type over. */
export function focusSearchBox(input: HTMLInputElement | null): void {
  if (!input) return;
  input.focus();
  input.select();
}
