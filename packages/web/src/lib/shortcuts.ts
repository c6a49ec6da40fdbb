/** Whether keyboard shortcuts are on for the signed-in person (always, until the setting exists). */
export function useShortcutsEnabled(): boolean {
  return true;
}
