import type { JSX } from 'react';
import { NotBuilt } from '../components/NotBuilt';

export function ComposePage(): JSX.Element {
  return <NotBuilt title="Compose" what="Drag documents here, pick recipients, design the header line and send." issue="Compose and send (issue 6)" />;
}
