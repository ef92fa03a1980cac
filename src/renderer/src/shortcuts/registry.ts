/**
 * Who handles each command right now. Pages register handlers while they are shown (useCommand); the
 * one registered last wins, so a page or a panel opened over another takes the keys, and the earlier
 * handler is back when it goes. A command nobody handles does nothing.
 */
import type { CommandId } from './keymap';

export type CommandHandler = () => void;

export interface CommandRegistry {
  /** Adds a handler; the returned function removes exactly that one. */
  register(command: CommandId, handler: CommandHandler): () => void;
  /** Runs the current handler of `command`; false when there is none. */
  run(command: CommandId): boolean;
  has(command: CommandId): boolean;
}

export function createCommandRegistry(): CommandRegistry {
  const handlers = new Map<CommandId, CommandHandler[]>();
  return {
    register(command, handler) {
      // A wrapper per registration: the same function registered twice is removed once per unregister.
      const entry: CommandHandler = () => handler();
      handlers.set(command, [...(handlers.get(command) ?? []), entry]);
      return () => {
        const left = (handlers.get(command) ?? []).filter((h) => h !== entry);
        if (left.length > 0) handlers.set(command, left);
        else handlers.delete(command);
      };
    },
    run(command) {
      const stack = handlers.get(command);
      const handler = stack?.[stack.length - 1];
      if (!handler) return false;
      handler();
      return true;
    },
    has(command) {
      return (handlers.get(command)?.length ?? 0) > 0;
    },
  };
}

/** The app's registry (one window, one set of keys). */
export const commands = createCommandRegistry();
