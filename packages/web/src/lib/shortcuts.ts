/** Whether the person's keyboard shortcuts are on (the Customization "Keyboard shortcuts"). */
export function useShortcutsEnabled(): boolean {
  return true;
}
