import { Button, Center, Divider, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Abilities, Item } from '@nestbox/shared/items/item.schema';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsModalHeader } from '../../../components/items/settings-modal-header';
import { useAbilities } from '../../../hooks/use-abilities';
import type { ItemSettingsSection } from '../../../hooks/use-item-settings';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useOwnEscape } from '../../../hooks/use-own-escape';
import { useItem } from '../../../lib/api/items/get-item';
import { displayTitleIn } from '../../../lib/display-title';
import { ArchiveSection, RestorePanel } from './item-archive-sections';
import { NoteSection } from './item-note-section';
import {
  detailsFailedKey,
  MoveSection,
  PrioritizableSwitch,
  Section,
  TargetDateSection,
} from './item-settings-sections';

/** The sections of Item settings that belong to other features: the app supplies them. */
export interface ItemSettingsSlots {
  /** The Share section (the sharing feature). */
  renderShare: (item: Item, abilities: Abilities) => ReactNode;
  /** A text's Repeat section (the recurrence feature), with what shows while its code loads. */
  renderRecurrence: (item: Item, readonly: boolean) => ReactNode;
  /** The Reminders section, heading and all (the reminders feature). */
  renderReminders?: ((item: Item) => ReactNode) | undefined;
  /** The Comments section, heading and all (the comments feature). */
  renderComments?: ((item: Item) => ReactNode) | undefined;
  /** The Attachments section, heading and all (the attachments feature). */
  renderAttachments?: ((item: Item) => ReactNode) | undefined;
  /** The History section, heading and all (the history feature). */
  renderHistory?: ((item: Item) => ReactNode) | undefined;
}

interface ItemSettingsModalProps {
  itemId: string;
  onClose: () => void;
  /** Scroll this section into view once the item has loaded. */
  scrollTo?: ItemSettingsSection;
  /** And put the focus on its first control. */
  focusSection?: boolean;
  slots: ItemSettingsSlots;
}

/** Item settings' dialog: its title is `${ITEM_SETTINGS_ID}-title`. */
const ITEM_SETTINGS_ID = 'item-settings';

/** 'Item settings' (SPEC §2): opens for any item, text or box; the item loads fresh each time. */
export function ItemSettingsModal({
  itemId,
  onClose,
  scrollTo,
  focusSection = false,
  slots,
}: ItemSettingsModalProps) {
  const { t } = useTranslation();
  const item = useItem(itemId);
  const data = item.data;
  const title = data ? displayTitleIn(t, data) : '';
  // Escape in a confirmation asked from here (delete a comment) closes the confirmation alone.
  useOwnEscape(ITEM_SETTINGS_ID, true, onClose);

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      id={ITEM_SETTINGS_ID}
      closeOnEscape={false}
      title={
        data ? (
          <ModalTitle item={data} title={title} />
        ) : (
          <Text fw={600} fz="lg">
            {t('itemSettings.title')}
          </Text>
        )
      }
    >
      {item.isPending ? (
        <Center mih={200}>
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text c="dimmed" fz="sm">
              {t('itemSettings.loading')}
            </Text>
          </Stack>
        </Center>
      ) : item.isError ? (
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed" fz="sm" ta="center">
            {t('itemSettings.loadFailed')}
          </Text>
          <Button variant="light" size="xs" onClick={() => void item.refetch()}>
            {t('pane.retry')}
          </Button>
        </Stack>
      ) : (
        <ItemSettingsBody
          item={item.data}
          onClose={onClose}
          scrollTo={scrollTo}
          focusSection={focusSection}
          slots={slots}
        />
      )}
    </Modal>
  );
}

/** The shared heading, telling a failed star the way Item settings tells its failures. */
function ModalTitle({ item, title }: { item: Item; title: string }) {
  const notifyFailure = useNotifyFailure();
  return (
    <SettingsModalHeader
      item={item}
      title={title}
      onFailed={(error) => notifyFailure(error, detailsFailedKey(item))}
    />
  );
}

interface BodyProps {
  item: Item;
  onClose: () => void;
  scrollTo?: ItemSettingsSection;
  focusSection: boolean;
  slots: ItemSettingsSlots;
}

/** What takes the focus in a section opened from the keyboard: its first control. */
const FIRST_CONTROL = 'textarea:not(:disabled), button:not(:disabled), input:not(:disabled), [tabindex="0"]';

/** Room left between the modal's sticky header and what is scrolled to or focused under it. */
const HEADER_CLEARANCE_PX = 8;

/**
 * The modal's body scrolls under its sticky header: what is scrolled into view (a section asked
 * for, a control taking the focus) stops below the header, not behind it.
 */
function keepClearOfHeader(inside: HTMLElement | null) {
  const scroller = inside?.closest<HTMLElement>('.mantine-Modal-content');
  const header = scroller?.querySelector<HTMLElement>('.mantine-Modal-header');
  if (scroller && header) scroller.style.scrollPaddingTop = `${header.offsetHeight + HEADER_CLEARANCE_PX}px`;
}

function ItemSettingsBody({ item, onClose, scrollTo, focusSection, slots }: BodyProps) {
  const { t } = useTranslation();
  const abilities = useAbilities(item);
  const readonly = !abilities.edit;
  const archived = item.archivedDate !== null;
  const sections = {
    targetDate: useRef<HTMLDivElement>(null),
    share: useRef<HTMLDivElement>(null),
    reminders: useRef<HTMLDivElement>(null),
    note: useRef<HTMLDivElement>(null),
    comments: useRef<HTMLDivElement>(null),
    attachments: useRef<HTMLDivElement>(null),
  };

  // Once, after loading: bring the section asked for into view (and into focus, from the keyboard).
  const scrolled = useRef(false);
  useEffect(() => {
    keepClearOfHeader(sections.targetDate.current);
    if (scrolled.current || !scrollTo) return;
    scrolled.current = true;
    const section = sections[scrollTo].current;
    // The note opens the dialog: it is in view already, and scrolling would tuck its heading
    // under the dialog's sticky title.
    if (scrollTo !== 'note') section?.scrollIntoView({ block: 'start' });
    const control = focusSection ? section?.querySelector<HTMLElement>(FIRST_CONTROL) : null;
    // Marked too, so the modal's focus trap, which may start after this, picks the same control.
    control?.setAttribute('data-autofocus', '');
    control?.focus();
  });

  return (
    <Stack gap="lg" pb="xs">
      {readonly && (
        <Text fz="sm" c="dimmed">
          {t('itemSettings.readonlyNote')}
        </Text>
      )}
      <NoteSection item={item} readonly={readonly} sectionRef={sections.note} />
      <div ref={sections.comments} data-section="comments" hidden={!slots.renderComments}>
        {slots.renderComments?.(item)}
      </div>
      <div ref={sections.attachments} data-section="attachments" hidden={!slots.renderAttachments}>
        {slots.renderAttachments?.(item)}
      </div>
      {slots.renderHistory?.(item)}
      <TargetDateSection item={item} readonly={readonly} sectionRef={sections.targetDate} />
      {item.itemType === 'todoText' && !archived && slots.renderRecurrence(item, readonly)}
      <Section
        title={t('itemSettings.reminders')}
        sectionRef={sections.reminders}
        hidden={!slots.renderReminders}
        name="reminders"
        ownHeading
      >
        {/* Reminders (SPEC §2 'Add a Reminder'): the app passes the reminders feature's section in, heading and all. */}
        {slots.renderReminders?.(item)}
      </Section>
      {abilities.prioritize && <PrioritizableSwitch item={item} />}
      <Divider />
      <div ref={sections.share} data-section="share">
        {slots.renderShare(item, abilities)}
      </div>
      {abilities.move && !archived && (
        <>
          <Divider />
          <MoveSection item={item} onMoved={onClose} />
        </>
      )}
      <Divider />
      {archived ? (
        <RestorePanel item={item} canRestore={abilities.move} />
      ) : (
        abilities.archive && <ArchiveSection item={item} onArchived={onClose} />
      )}
    </Stack>
  );
}
