/**
 * Nobody should believe a practice fax went out: every desktop notification about a Sandbox fax says
 * so in its title and body. (The window title and the status bar say it too, in the renderer.)
 */
import type { NavTarget } from '../../shared/domain/navigation';
import type { DesktopNotification, Notifier } from '../platform/ports';

export const SANDBOX_TITLE_PREFIX = 'Sandbox (practice): ';
export const SANDBOX_NOTE = 'Practice only: nothing was really faxed.';

/** Which account a notification's target belongs to, when it can be told. */
export type AccountOfTarget = (target: NavTarget | undefined) => string | null;

export function markSandbox(notification: DesktopNotification): DesktopNotification {
  return { ...notification, title: `${SANDBOX_TITLE_PREFIX}${notification.title}`, body: `${notification.body} ${SANDBOX_NOTE}`.trim() };
}

export function sandboxMarkingNotifier(notifier: Notifier, accountOf: AccountOfTarget, isSandbox: (accountId: string) => boolean): Notifier {
  return {
    show(notification) {
      const accountId = accountOf(notification.target);
      notifier.show(accountId !== null && isSandbox(accountId) ? markSandbox(notification) : notification);
    },
  };
}
