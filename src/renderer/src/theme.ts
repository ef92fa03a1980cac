import { useEffect } from 'react';
import { useAppStore } from './stores/app-store';

/** Applies the theme setting: 'system' follows the OS (CSS media query), otherwise forced. */
export function useThemeClass(): void {
  const theme = useAppStore((s) => s.settings?.values.theme ?? 'system');
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);
}
