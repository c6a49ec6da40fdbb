import { Anchor, Button, Combobox, Group, Stack, Text, TextInput } from '@mantine/core';
import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { captureTagsToText } from '@nestbox/shared/tags/tags';
import { onlineManager } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptureHighlights } from '../../../components/capture/capture-highlights';
import { TagOptions, useTagSuggestions } from '../../../components/tags/tag-suggestions';
import { useCaptureText } from '../../../hooks/use-capture-text';
import { useSuggestionList } from '../../../hooks/use-suggestion-list';
import { useTouchOrNarrow, useTouchScreen } from '../../../hooks/use-touch-screen';
import { useFindItems } from '../../../lib/api/find-items';
import { useUser } from '../../../lib/api/get-user';
import { useQuickCapture } from '../../../lib/api/quick-capture';
import { isApiError } from '../../../lib/api-client';
import { newItemId } from '../../../lib/item-changes';
import { describeCapture, describeWhen } from '../../../lib/quick-capture/describe-capture';
import { useCaptureParser } from '../../../lib/quick-capture/load-parser';
import type { CaptureBox } from '../../../lib/quick-capture/parse-capture';
import { useRecurrenceWords } from '../../../lib/recurrence-words';
import { type CaptureDate, CaptureDates } from './capture-dates';
import classes from './quick-capture-form.module.css';

/** How many boxes `#` offers at once. */
const BOXES_OFFERED = 8;
/** The start of a tag's option value in the list (a box's is its id). */
const TAG_OPTION = 'tag:';

interface QuickCaptureFormProps {
  /** A text was captured: what shows it (its box's pane, the Organizer) takes it in. */
  onCaptured: (item: Item) => void;
  /** "Open": the box the text went into, in the workspace, with the text shown. */
  onOpen: (item: Item) => void;
  /** What was typed before the form was there (its code still loading): the field starts with it. */
  typedBefore?: () => string;
}

/** What the last capture said: where the text went, or why it did not. */
type Outcome =
  | { kind: 'added'; item: Item; box: string | null }
  | { kind: 'waiting' }
  | { kind: 'problem'; message: string };

/**
 * Quick capture's field, read as it is typed (a date, `#Box`, `!today`, `!p`), with the boxes
 * `#` offers; Enter saves and clears it for the next one, and says where the text went.
 */
export function QuickCaptureForm({ onCaptured, onOpen, typedBefore }: QuickCaptureFormProps) {
  const { t } = useTranslation();
  const user = useUser();
  const parser = useCaptureParser();
  const field = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState(0);
  const [chosen, setChosen] = useState<CaptureBox[]>([]);
  const [offered, setOffered] = useState<CaptureBox[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const boxes = useMemo(() => [...chosen, ...offered], [chosen, offered]);
  const [initialText] = useState(() => typedBefore?.() ?? '');
  const capture = useCaptureText({ boxes, marks: true, initialText });
  const { text, parsed } = capture;
  const typed = useRef(text);
  typed.current = text;
  const send = useQuickCapture();
  // A finger has no Enter or Escape to read about: a Save button, and hints without keys.
  const touch = useTouchScreen();
  const showSave = useTouchOrNarrow();

  // `#` being typed: the finder is asked for boxes by the words after it.
  const query = parser && parsed ? parser.boxQueryAt(text, caret, parsed) : null;
  const queryKey = query ? `${query.start}:${query.query}` : null;
  const finder = useFindItems(
    { q: query?.query ?? '', type: 'todoBox', limit: BOXES_OFFERED },
    { enabled: query !== null },
  );
  const results = useMemo(
    () => (queryKey ? (finder.data?.results ?? []).filter((box) => box.title.trim() !== '') : []),
    [queryKey, finder.data],
  );
  // The boxes last offered stay candidates for `#` once the list has closed.
  useEffect(() => {
    if (results.length === 0) return;
    setOffered((before) =>
      before.length === results.length && before.every((box, index) => box.id === results[index]?._id)
        ? before
        : results.map((box) => ({ id: box._id, title: box.title })),
    );
  }, [results]);

  // `##` being typed: the person's tags that start so (a single `#` names a box here).
  const tagSuggestions = useTagSuggestions(text, caret, '##');
  const tagsTyped = tagSuggestions.key !== null && tagSuggestions.options.length > 0;

  // The list shows while it has tags or boxes for what is typed (until Escape), the first one
  // ready for Enter or Tab.
  const { combobox, listOpen, listKeyDown } = useSuggestionList(
    tagsTyped ? `tag:${tagSuggestions.key}` : queryKey,
    tagsTyped ? tagSuggestions.options.map((tag) => tag.name).join() : results.map((box) => box._id).join(),
    tagsTyped || results.length > 0,
  );

  const followCaret = () => setCaret(field.current?.selectionStart ?? 0);

  /** A tag chosen in the list: `##` and its whole name, the caret after it. */
  const chooseTag = (name: string) => {
    const next = tagSuggestions.choose(name);
    if (!next) return;
    capture.setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => field.current?.setSelectionRange(next.caret, next.caret));
  };

  /** A box chosen in the list: its whole title after the `#`, and it wins any later match. */
  const chooseBox = (boxId: string) => {
    if (boxId.startsWith(TAG_OPTION)) {
      chooseTag(boxId.slice(TAG_OPTION.length));
      return;
    }
    const found = results.find((box) => box._id === boxId);
    if (!found || !query) return;
    const box = { id: found._id, title: found.title.trim() };
    const after = text.slice(caret);
    const inserted = `#${box.title}${after.startsWith(' ') ? '' : ' '}`;
    capture.setText(`${text.slice(0, query.start)}${inserted}${after}`);
    setChosen((earlier) => [box, ...earlier.filter((other) => other.id !== box.id)]);
    const at = query.start + inserted.length;
    setCaret(at);
    requestAnimationFrame(() => {
      const input = field.current;
      input?.setSelectionRange(at, at);
      // A caret set by script does not bring a long line's end into view by itself.
      if (input && at === input.value.length) input.scrollLeft = input.scrollWidth;
    });
  };

  const save = () => {
    // One capture at a time, but one waiting for the network (offline) holds nothing up.
    if (send.isPending && !send.isPaused) return;
    const submitted = text;
    // `##tag` is kept in the text as `#tag` (a single `#` picked the box).
    const title = captureTagsToText((parsed?.title ?? text).trim());
    if (title === '') {
      setOutcome({ kind: 'problem', message: t('capture.emptyTitle') });
      return;
    }
    send.mutate(
      {
        title,
        boxId: parsed?.box?.id,
        targetDate: parsed?.targetDate ?? undefined,
        targetHasTime: parsed?.targetDate == null ? undefined : parsed.targetHasTime,
        recurrence: parsed?.recurrence ?? undefined,
        markedAsForToday: parsed?.markedAsForToday || undefined,
        prioritize: parsed?.prioritize || undefined,
        itemId: newItemId(),
      },
      {
        onSuccess: (item) => {
          // Typed on while it was sent: that text stays for the next capture.
          if (typed.current === submitted) capture.clear();
          setOutcome({ kind: 'added', item, box: parsed?.box?.title ?? null });
          onCaptured(item);
        },
        onError: (error) => {
          if (isApiError(error) && error.canceled) return;
          const fieldMessage = isApiError(error) ? Object.values(error.fields ?? {})[0] : undefined;
          const serverMessage = isApiError(error) && error.status > 0 ? error.message : undefined;
          setOutcome({ kind: 'problem', message: fieldMessage ?? serverMessage ?? t('capture.failed') });
        },
      },
    );
    // Offline it waits on this device (lib/item-changes) and goes in once the network is back.
    if (!onlineManager.isOnline()) {
      capture.clear();
      setOutcome({ kind: 'waiting' });
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    capture.handleKeyDown(event);
    // The list's keys (it picks its box or tag itself, Escape closes it alone).
    if (listKeyDown(event)) return;
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    save();
  };

  const tokens = parsed?.tokens ?? [];
  const describeRule = useRecurrenceWords(tokens.some((token) => token.kind === 'recurrence'));
  const where = { timeZone: user.timezone, locale: user.locale, now: Date.now(), describeRule };
  const recognised = describeCapture(t, tokens, where);
  const offeredDate = parsed?.offered ?? null;
  // The date taken, the one offered and those kept as text, in the order of the text.
  const dates: CaptureDate[] = [
    ...tokens.flatMap((token) => (token.kind === 'date' ? [{ reading: token, used: true }] : [])),
    ...(offeredDate ? [{ reading: offeredDate, used: false }] : []),
    ...(parsed?.keptDates ?? []).map((reading) => ({ reading, used: false })),
  ].sort((a, b) => a.reading.start - b.reading.start);
  const highlighted = offeredDate ? [...tokens, { ...offeredDate, kind: 'offered' }] : tokens;

  return (
    <Stack gap="xs">
      <Combobox store={combobox} onOptionSubmit={chooseBox} shadow="md">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={field}
            size="md"
            // The dialog's focus goes here on every opening, never to its Close button.
            data-autofocus
            autoFocus
            aria-label={t('capture.field')}
            placeholder={t('capture.placeholder')}
            maxLength={TEXT_TITLE_MAX_LENGTH}
            value={text}
            onChange={(event) => {
              capture.setText(event.currentTarget.value);
              setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
              setOutcome((last) => (last?.kind === 'problem' ? null : last));
            }}
            onKeyDown={handleKeyDown}
            onKeyUp={followCaret}
            onClick={followCaret}
            onSelect={followCaret}
            aria-busy={send.isPending || undefined}
            autoComplete="off"
            spellCheck
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            // The list of boxes lies over it while open (it still describes the field).
            descriptionProps={{ className: classes.description, 'data-covered': listOpen || undefined }}
            description={
              recognised || offeredDate ? (
                <>
                  {recognised && <span className={classes.recognised}>{recognised}</span>}{' '}
                  {offeredDate && (
                    <span className={classes.recognised}>
                      {t('capture.offered', { text: offeredDate.text })}
                    </span>
                  )}{' '}
                  <span className={classes.keep}>
                    {t(touch ? 'capture.keepAsTextTouch' : 'capture.keepAsText')}
                  </span>
                </>
              ) : (
                t(touch ? 'capture.hintTouch' : 'capture.hint')
              )
            }
            inputContainer={(input) => (
              <div className={classes.field}>
                {input}
                <CaptureHighlights
                  field={field}
                  value={text}
                  ranges={highlighted}
                  onRangeClick={(index) => {
                    const token = tokens[index];
                    if (token) capture.keepAsText(token);
                    else if (offeredDate) capture.takeAsDate(offeredDate);
                  }}
                />
              </div>
            )}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          {tagsTyped ? (
            <TagOptions options={tagSuggestions.options} valuePrefix={TAG_OPTION} />
          ) : (
            <Combobox.Options aria-label={t('capture.boxes')}>
              {results.map((box) => (
                <Combobox.Option value={box._id} key={box._id}>
                  <Text fz="sm" fw={600} span>
                    {box.title}
                  </Text>
                  {box.path.length > 0 && (
                    <Text fz="xs" span className={classes.path}>
                      {box.path.join(' › ')}
                    </Text>
                  )}
                </Combobox.Option>
              ))}
            </Combobox.Options>
          )}
        </Combobox.Dropdown>
      </Combobox>

      <CaptureDates
        dates={dates}
        describe={(reading) => describeWhen(t, reading.at, reading.hasTime, where)}
        onChange={(reading, used) => (used ? capture.takeAsDate(reading) : capture.keepAsText(reading))}
      />
      {showSave && (
        <Group justify="flex-end">
          <Button
            size="md"
            onClick={() => {
              save();
              field.current?.focus();
            }}
            loading={send.isPending && !send.isPaused}
          >
            {t('capture.save')}
          </Button>
        </Group>
      )}

      {/* Always there, so that each new outcome is announced. */}
      <div role="status" className={classes.outcome}>
        {outcome?.kind === 'added' && (
          <Text fz="sm" c="dimmed">
            {outcome.box ? t('capture.addedTo', { box: outcome.box }) : t('capture.addedToInbox')}{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => onOpen(outcome.item)}>
              {t('capture.openBox')}
            </Anchor>
          </Text>
        )}
        {outcome?.kind === 'waiting' && (
          <Text fz="sm" c="dimmed">
            {t('capture.waiting')}
          </Text>
        )}
        {outcome?.kind === 'problem' && (
          <Text fz="sm" c="var(--mantine-color-error)">
            {outcome.message}
          </Text>
        )}
      </div>
    </Stack>
  );
}
