import { useCombobox } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';

/**
 * The list of suggestions under a text field while something is typed at its caret (a `#tag`,
 * an `@name`): open while `typing` names what is typed (any value that changes with it) and
 * there are options, its first option chosen; ↑ ↓ choose (Mantine's Combobox), Enter or Tab
 * takes the chosen one, Escape closes the list until something else is typed. `optionsKey`
 * changes when the options do.
 */
export function useSuggestionList(typing: string | null, optionsKey: string, hasOptions: boolean) {
  const combobox = useCombobox();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const listOpen = typing !== null && typing !== dismissed && hasOptions;

  const { openDropdown, closeDropdown, selectFirstOption } = combobox;
  // biome-ignore lint/correctness/useExhaustiveDependencies: new options are drawn before the first is selected.
  useEffect(() => {
    if (!listOpen) {
      closeDropdown();
      return;
    }
    openDropdown();
    const frame = requestAnimationFrame(() => selectFirstOption());
    return () => cancelAnimationFrame(frame);
  }, [listOpen, optionsKey, openDropdown, closeDropdown, selectFirstOption]);

  /** The field's keys while the list is open: answers whether the key was the list's. */
  const listKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!listOpen || !combobox.dropdownOpened) return false;
    const chosen = combobox.getSelectedOptionIndex() !== -1;
    // Enter: the list takes the option itself (after the field's handler); Tab takes it here.
    if (
      event.key === 'Enter' &&
      chosen &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      return true;
    }
    if (event.key === 'Tab' && chosen) {
      event.preventDefault();
      combobox.clickSelectedOption();
      return true;
    }
    if (event.key === 'Escape') {
      // The list closes; whatever holds the field (an edit, a dialog) stays.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(typing);
      return true;
    }
    return false;
  };

  return { combobox, listOpen, listKeyDown };
}
