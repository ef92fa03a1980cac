/**
 * Files dropped anywhere in the window open Compose with them. Mounted once by App. Only drags that
 * carry files count: the header designer's chips and the document list's own reordering carry none.
 * Without this, Electron (and a browser) would navigate to a dropped file.
 */
import { useEffect, useState, type JSX } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useComposeStore } from '../../stores/compose-store';
import '../../styles/compose.css';

function carriesFiles(e: DragEvent): boolean {
  return !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
}

/** Adds dropped files to Compose and goes there; true while files are dragged over the window. */
export function useWindowFileDrop(): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOver = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
      setActive(true);
      // dragleave fires for every child crossed; the drag is over once dragover stops coming.
      clearTimeout(timer);
      timer = setTimeout(() => setActive(false), 250);
    };
    const onDrop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      clearTimeout(timer);
      setActive(false);
      const files = Array.from(e.dataTransfer!.files);
      if (files.length === 0) return;
      if (useAppStore.getState().page !== 'compose') useAppStore.getState().navigate({ page: 'compose' });
      useComposeStore.getState().addFiles(files);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return active;
}

/** The hook, plus a hint over the window while files are dragged over a page other than Compose. */
export function WindowFileDrop(): JSX.Element | null {
  const active = useWindowFileDrop();
  const page = useAppStore((s) => s.page);
  if (!active || page === 'compose') return null;
  return (
    <div className="cx-window-drop" aria-hidden="true">
      <p>Drop to fax these files</p>
    </div>
  );
}
