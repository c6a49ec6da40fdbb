import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { AUTO_ARCHIVE_CHOICES, type AutoArchiveDuration } from '@nestbox/shared/constants';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { dayOfTargetDate, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { Abilities, Item } from '@nestbox/shared/items/item.schema';
import { IconArchive, IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { type ReactNode, type Ref, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxFinder } from '../../../components/items/box-finder';
import { SettingsModalHeader } from '../../../components/items/settings-modal-header';
import { useAbilities } from '../../../hooks/use-abilities';
import { useArchive } from '../../../hooks/use-archive';
import type { ItemSettingsSection } from '../../../hooks/use-item-settings';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { useItem } from '../../../lib/api/items/get-item';
import { useUpdateItem } from '../../../lib/api/items/update-item';
import { displayTitleIn } from '../../../lib/display-title';
import { notify } from '../../../lib/notify';
import { useMoveToNewParent } from '../api/move-to-new-parent';
import { useSetAutoArchive } from '../api/set-auto-archive';
import { useUnarchiveItem } from '../api/unarchive-item';

/** The sections of Item settings that belong to other features: the app supplies them. */
export interface ItemSettingsSlots {
  /** The Share section (the sharing feature). */
  renderShare: (item: Item, abilities: Abilities) => ReactNode;
  /** A text's Repeat section (the recurrence feature); it may suspend while its code loads. */
  renderRecurrence: (item: Item, readonly: boolean) => ReactNode;
  /** The Reminders section, heading and all (the reminders feature). */
  renderReminders?: ((item: Item) => ReactNode) | undefined;
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

const NONE = 'none';
const choiceValue = (amount: number, duration: AutoArchiveDuration) => `${amount}:${duration}`;

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

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
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

/** SPEC §8: 'Text details could not be saved.' or 'Box details could not be saved.'. */
function detailsFailedKey(item: Item) {
  return item.itemType === 'todoText' ? 'boxes.textSaveFailed' : 'boxes.detailsSaveFailed';
}

interface BodyProps {
  item: Item;
  onClose: () => void;
  scrollTo?: ItemSettingsSection;
  focusSection: boolean;
  slots: ItemSettingsSlots;
}

/** What takes the focus in a section opened from the keyboard: its first control. */
const FIRST_CONTROL = 'button:not(:disabled), input:not(:disabled), [tabindex="0"]';

function ItemSettingsBody({ item, onClose, scrollTo, focusSection, slots }: BodyProps) {
  const { t } = useTranslation();
  const abilities = useAbilities(item);
  const readonly = !abilities.edit;
  const archived = item.archivedDate !== null;
  const sections = {
    targetDate: useRef<HTMLDivElement>(null),
    share: useRef<HTMLDivElement>(null),
    reminders: useRef<HTMLDivElement>(null),
  };

  // Once, after loading: bring the section asked for into view (and into focus, from the keyboard).
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !scrollTo) return;
    scrolled.current = true;
    const section = sections[scrollTo].current;
    section?.scrollIntoView({ block: 'start' });
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
      <TargetDateSection item={item} readonly={readonly} sectionRef={sections.targetDate} />
      {item.itemType === 'todoText' && !archived && (
        <Suspense fallback={<Skeleton height={64} radius="sm" aria-hidden="true" />}>
          {slots.renderRecurrence(item, readonly)}
        </Suspense>
      )}
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

interface SectionProps {
  title: string;
  children: ReactNode;
  sectionRef?: Ref<HTMLDivElement>;
  hidden?: boolean;
  name?: string;
  /** The content brings its own heading (with its actions beside it); the section is still named. */
  ownHeading?: boolean;
}

function Section({ title, children, sectionRef, hidden, name, ownHeading = false }: SectionProps) {
  if (hidden) return <div ref={sectionRef} hidden />;
  return (
    <Stack gap="sm" component="section" ref={sectionRef} aria-label={title} data-section={name}>
      {ownHeading ? null : (
        <Title order={3} fz="md">
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

const TARGET_DATE_FORMAT = 'DD MMMM YYYY';

function TargetDateSection({
  item,
  readonly,
  sectionRef,
}: {
  item: Item;
  readonly: boolean;
  sectionRef: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  const value =
    item.priorityTargetDate === null ? null : dayOfTargetDate(item.priorityTargetDate, user.timezone);
  const calendarLocale = i18n.language.startsWith('fr') ? 'fr' : 'en-gb';

  const handleChange = (day: string | null) =>
    updateItem.mutate(
      { itemId: item._id, priorityTargetDate: day === null ? null : targetDateFromDay(day, user.timezone) },
      { onError: (error) => notifyFailure(error, detailsFailedKey(item)) },
    );

  return (
    <Section title={t('itemSettings.targetDate')} sectionRef={sectionRef} name="targetDate">
      <DatesProvider settings={{ locale: calendarLocale, firstDayOfWeek: 1 }}>
        <DatePickerInput
          // The name holds what the field shows (the date, or that there is none).
          aria-label={`${t('itemSettings.targetDate')}: ${
            value === null
              ? t('itemSettings.targetDate.placeholder')
              : dayjs(value).locale(calendarLocale).format(TARGET_DATE_FORMAT)
          }`}
          placeholder={t('itemSettings.targetDate.placeholder')}
          leftSection={<IconCalendarEvent size={18} stroke={1.7} />}
          valueFormat={TARGET_DATE_FORMAT}
          value={value}
          onChange={handleChange}
          clearable
          clearButtonProps={{ 'aria-label': t('itemSettings.targetDate.clear') }}
          disabled={readonly}
          maw={320}
        />
      </DatesProvider>
    </Section>
  );
}

/** The caller's own choice (any level may make it): is the item in their Organizer? */
function PrioritizableSwitch({ item }: { item: Item }) {
  const { t } = useTranslation();
  const updateItem = useUpdateItem();
  const notifyFailure = useNotifyFailure();
  return (
    <Switch
      label={t('itemSettings.prioritizable')}
      description={t('itemSettings.prioritizable.description')}
      checked={item.prioritizable}
      onChange={(event) =>
        updateItem.mutate(
          { itemId: item._id, prioritizable: event.currentTarget.checked },
          { onError: (error) => notifyFailure(error, 'boxes.textSaveFailed') },
        )
      }
    />
  );
}

function MoveSection({ item, onMoved }: { item: Item; onMoved: () => void }) {
  const { t } = useTranslation();
  const move = useMoveToNewParent();
  const notifyFailure = useNotifyFailure();
  return (
    <Section title={t('itemSettings.move')} name="move">
      <BoxFinder
        action="move"
        excludedIds={[item._id]}
        currentIds={item.parentItemId ? [item.parentItemId] : []}
        pendingId={move.isPending ? move.variables?.newParentItemId : null}
        onAction={(box) =>
          move.mutate(
            { itemId: item._id, newParentItemId: box._id },
            {
              onSuccess: onMoved,
              onError: (error) => notifyFailure(error, detailsFailedKey(item)),
            },
          )
        }
      />
    </Section>
  );
}

function ArchiveSection({ item, onArchived }: { item: Item; onArchived: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const { archive, isPending: archiving } = useArchive();
  const autoArchive = useSetAutoArchive();
  const notifyFailure = useNotifyFailure();

  const durationLabel = (amount: number, duration: AutoArchiveDuration) =>
    t(
      amount === 1 ? `itemSettings.autoArchive.one.${duration}` : `itemSettings.autoArchive.many.${duration}`,
      {
        count: amount,
      },
    );
  const options = AUTO_ARCHIVE_CHOICES.map((choice) =>
    choice === null
      ? { value: NONE, label: t('itemSettings.autoArchive.none') }
      : {
          value: choiceValue(choice.amount, choice.duration),
          label: durationLabel(choice.amount, choice.duration),
        },
  );
  const current =
    item.autoArchiveAmount !== null && item.autoArchiveDuration !== null
      ? choiceValue(item.autoArchiveAmount, item.autoArchiveDuration)
      : NONE;
  // A value set elsewhere (not one of the choices) still shows.
  if (
    !options.some((option) => option.value === current) &&
    item.autoArchiveAmount &&
    item.autoArchiveDuration
  ) {
    options.push({ value: current, label: durationLabel(item.autoArchiveAmount, item.autoArchiveDuration) });
  }

  const handleAutoArchive = (value: string | null) => {
    const choice = AUTO_ARCHIVE_CHOICES.find(
      (option) => option !== null && choiceValue(option.amount, option.duration) === value,
    );
    autoArchive.mutate(
      choice
        ? { itemId: item._id, amount: choice.amount, duration: choice.duration }
        : { itemId: item._id, amount: null },
      { onError: (error) => notifyFailure(error, detailsFailedKey(item)) },
    );
  };

  return (
    <Section title={t('itemSettings.archive')} name="archive">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('itemSettings.autoArchive')}
          data={options}
          value={current}
          onChange={handleAutoArchive}
          allowDeselect={false}
          disabled={autoArchive.isPending}
          w={280}
          maw="100%"
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          color="red"
          leftSection={<IconArchive size={16} stroke={1.7} />}
          loading={archiving}
          onClick={() => void archive(item, { onArchived })}
        >
          {t('itemSettings.archiveNow')}
        </Button>
      </Group>
      {item.autoArchiveTimestamp !== null && (
        <Text fz="sm" c="dimmed" data-auto-archive-expiry>
          {t('itemSettings.autoArchive.expiry', {
            date: formatDate(item.autoArchiveTimestamp, user.timezone, user.locale, 'dd-MMM-yyyy HH:mm'),
          })}
        </Text>
      )}
    </Section>
  );
}

function RestorePanel({ item, canRestore }: { item: Item; canRestore: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const restore = useUnarchiveItem();
  const notifyFailure = useNotifyFailure();
  const archivedOn =
    item.archivedDate === null ? '' : formatDate(item.archivedDate, user.timezone, user.locale);
  return (
    <Section title={t('itemSettings.restore')} name="restore">
      <Alert color="gray" variant="light" p="sm">
        <Text fz="sm">{t('itemSettings.restore.archivedOn', { date: archivedOn })}</Text>
      </Alert>
      {canRestore && (
        <>
          <Text fz="sm" c="dimmed">
            {t('itemSettings.restore.detail')}
          </Text>
          <BoxFinder
            action="select"
            excludedIds={[item._id]}
            pendingId={restore.isPending ? restore.variables?.parentItemId : null}
            onAction={(box) =>
              // Once restored, this panel gives way to the archive options (it unmounts), so the
              // outcome is read from the promise rather than from mutate's callbacks.
              restore.mutateAsync({ itemId: item._id, parentItemId: box._id }).then(
                () =>
                  notify({
                    type: 'success',
                    message: t('itemSettings.restore.done', {
                      title: displayTitleIn(t, box),
                    }),
                  }),
                (error: unknown) => notifyFailure(error, detailsFailedKey(item)),
              )
            }
          />
        </>
      )}
    </Section>
  );
}
