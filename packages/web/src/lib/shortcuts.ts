/** Whether keyboard shortcuts are on for this person (always, until the setting that turns them off exists). */
export function useShortcutsEnabled(): boolean {
  return true;
}
