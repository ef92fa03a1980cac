/** Every schema step, in order. A new step is a new numbered file plus one line here, with its own test. */
import { migration0010 } from './0010-settings';
import { migration0020 } from './0020-accounts';
import { migration0030 } from './0030-history';
import { migration0040 } from './0040-contacts-templates';
import { migration0050 } from './0050-search';
import { migration0060 } from './0060-search-prefixes';
import { migration0070 } from './0070-webhook-receiver';
import { migration0080 } from './0080-search-every-prefix';
import { migration0090 } from './0090-several-desks';
import { migration0100 } from './0100-deleted-at-service';
import { migration0110 } from './0110-derived-rebuilds';
import { migration0120 } from './0120-history-imports';
import { migration0130 } from './0130-compose-drafts';
import { migration0150 } from './0150-received-notes';
import type { Migration } from './types';

export type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [migration0010, migration0020, migration0030, migration0040, migration0050, migration0060, migration0070, migration0080, migration0090, migration0100, migration0110, migration0120, migration0130, migration0150];
