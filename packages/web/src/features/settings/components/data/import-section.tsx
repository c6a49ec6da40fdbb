import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Loader,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IMPORT_FORMATS, type ImportFormat } from '@nestbox/shared/data/export.schema';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PROBLEMS_SHOWN,
  type ImportCounts,
  type ImportProblem,
  type ImportResult,
} from '@nestbox/shared/data/import.schema';
import { IconAlertTriangle, IconCheck, IconFileImport, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindItems } from '../../../../lib/api/find-items';
import { getUserQueryOptions } from '../../../../lib/api/get-user';
import { isApiError } from '../../../../lib/api-client';
import { currentLocale, rememberLocale } from '../../../../lib/i18n';
import { notifyAfterReload } from '../../../../lib/notify';
import { formatOfFileName, importFile } from '../../api/import-file';
import { IMPORT_FINISHED_KEY, type ImportFinished } from '../../api/import-finished';
import { SectionHeading } from './section-heading';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; dryRun: boolean; sent: number }
  | { kind: 'working'; dryRun: boolean }
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'done'; boxId: string; counts: ImportCounts; problems: ImportProblem[] }
  | { kind: 'failed'; message: string };

/** "3 boxes, 12 texts, 4 dates and 1 reminder", in the reader's language. */
function countsText(
  t: TFunction,
  key: 'settings.data.import.counts' | 'settings.data.import.done',
  counts: ImportCounts,
) {
  return t(key, {
    boxes: t('settings.data.import.count.boxes', { count: counts.boxes }),
    texts: t('settings.data.import.count.texts', { count: counts.texts }),
    dates: t('settings.data.import.count.dates', { count: counts.dates }),
    reminders: t('settings.data.import.count.reminders', { count: counts.reminders }),
  });
}

function Problems({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <List size="sm" spacing={4}>
        {problems.map((problem) => (
          <List.Item
            key={`${problem.line ?? problem.element ?? ''}:${problem.messageKey}:${problem.message}`}
          >
            {problem.message}
          </List.Item>
        ))}
      </List>
      {problems.length >= IMPORT_PROBLEMS_SHOWN && (
        <Text size="xs" c="dimmed">
          {t('settings.data.import.more', { count: IMPORT_PROBLEMS_SHOWN })}
        </Text>
      )}
    </>
  );
}

/**
 * The Data tab's import: a file (its format guessed from its name), where it goes (a new box
 * at the top of the Workspace, or a box found by name), "Check file" (a dry run: what the
 * file holds and its problems) and "Import". A big file shows its upload, then "Importing…"
 * until the answer or the live `import.finished` comes; then what was made, and a way to it.
 */
export function ImportSection({ onOpenBox }: { onOpenBox?: (boxId: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const statusId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | null>(null);
  const [boxId, setBoxId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [restoreSettings, setRestoreSettings] = useState(true);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const boxes = useFindItems({ q: search, type: 'todoBox', limit: 20 });
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const boxOptions = [
    { value: '', label: t('settings.data.import.target.new') },
    ...(boxes.data?.results ?? [])
      .filter((box) => box.title.trim() !== '')
      .map((box) => ({ value: box._id, label: [...box.path, box.title].join(' › ') })),
  ];
  if (boxId && chosenLabel && !boxOptions.some((option) => option.value === boxId))
    boxOptions.push({ value: boxId, label: chosenLabel });

  // The live layer keeps the last `import.finished` heard: an import waiting for its answer
  // may finish on it (the answer follows with the same counts and the notes).
  const finished = useQuery<ImportFinished | null>({
    queryKey: IMPORT_FINISHED_KEY,
    queryFn: () => null,
    enabled: false,
    initialData: null,
  }).data;
  const finishedSeen = useRef(finished);
  useEffect(() => {
    if (finished === finishedSeen.current) return;
    finishedSeen.current = finished;
    if (finished && phase.kind === 'working' && !phase.dryRun)
      setPhase({ kind: 'done', boxId: finished.boxId, counts: finished.counts, problems: [] });
  }, [finished, phase]);

  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES;
  const busy = phase.kind === 'uploading' || phase.kind === 'working';
  const ready = file !== null && format !== null && !tooLarge && !busy;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setPhase({ kind: 'idle' });
    if (chosen) setFormat(formatOfFileName(chosen.name) ?? format);
  };

  /** After an import that applied the file's language or time zone, the app starts again in them. */
  async function restartIfSettingsChanged(result: ImportResult): Promise<boolean> {
    if (!result.settingsApplied) return false;
    const before = queryClient.getQueryData(getUserQueryOptions().queryKey);
    const user = await queryClient.fetchQuery({ ...getUserQueryOptions(), staleTime: 0 });
    if (user.locale === currentLocale() && user.timezone === before?.timezone) return false;
    rememberLocale(user.locale);
    notifyAfterReload({
      type: 'success',
      message: countsText(t, 'settings.data.import.done', result.counts),
    });
    window.location.reload();
    return true;
  }

  async function run(dryRun: boolean) {
    if (!file || !format) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', dryRun, sent: 0 });
    try {
      const result = await importFile({
        file,
        format,
        dryRun,
        boxId: boxId || undefined,
        settings: format === 'json' && restoreSettings,
        signal: controller.signal,
        onProgress: (sent) =>
          setPhase((current) => (current.kind === 'uploading' ? { ...current, sent } : current)),
        onSent: () =>
          setPhase((current) => (current.kind === 'uploading' ? { kind: 'working', dryRun } : current)),
      });
      if (dryRun) {
        setPhase({ kind: 'checked', result });
        return;
      }
      // Everything on screen may hold what was imported: read it all again.
      void queryClient.invalidateQueries();
      if (await restartIfSettingsChanged(result)) return;
      setPhase({ kind: 'done', boxId: result.boxId ?? '', counts: result.counts, problems: result.problems });
    } catch (error) {
      if (isApiError(error) && error.canceled) return;
      setPhase({
        kind: 'failed',
        message: isApiError(error) ? error.message : t('error.generic'),
      });
    }
  }

  return (
    <Stack gap="sm" aria-labelledby={`${statusId}-title`} component="section">
      <Stack gap={2}>
        <SectionHeading id={`${statusId}-title`} icon={<IconFileImport size={22} />}>
          {t('settings.data.import.title')}
        </SectionHeading>
        <Text size="sm" c="dimmed">
          {t('settings.data.import.description')}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FileInput
          label={t('settings.data.import.file')}
          placeholder={t('settings.data.import.filePlaceholder')}
          accept=".json,.zip,.opml,.xml,.csv,application/json,application/zip,text/csv,text/x-opml,text/xml"
          value={file}
          onChange={chooseFile}
          clearable
          clearButtonProps={{ 'aria-label': t('settings.data.import.clearFile') }}
          leftSection={<IconFileImport size={16} />}
          error={tooLarge ? t('settings.data.import.tooLarge') : undefined}
        />
        <Select
          label={t('settings.data.import.format')}
          data={IMPORT_FORMATS.map((value) => ({ value, label: t(`settings.data.import.format.${value}`) }))}
          value={format}
          onChange={(value) => {
            setFormat(value as ImportFormat | null);
            setPhase({ kind: 'idle' });
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>

      <Select
        label={t('settings.data.import.target')}
        description={t('settings.data.import.target.description')}
        data={boxOptions}
        value={boxId ?? ''}
        onChange={(value, option) => {
          setBoxId(value || null);
          setChosenLabel(value ? (option?.label ?? null) : null);
          setPhase({ kind: 'idle' });
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server finds the boxes; every option it answers is shown.
        filter={({ options }) => options}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />

      {format === 'json' && (
        <Checkbox
          label={t('settings.data.import.settings')}
          description={t('settings.data.import.settings.description')}
          checked={restoreSettings}
          onChange={(event) => setRestoreSettings(event.currentTarget.checked)}
        />
      )}

      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => void run(true)}
          disabled={!ready}
          loading={busy && phase.dryRun}
        >
          {t('settings.data.import.check')}
        </Button>
        <Button
          onClick={() => void run(false)}
          disabled={!ready || (phase.kind === 'checked' && !phase.result.ok)}
          loading={busy && !phase.dryRun}
          leftSection={<IconFileImport size={16} />}
        >
          {t('settings.data.import.run')}
        </Button>
      </Group>

      {/* Always there, so that each step is announced. */}
      <div role="status" id={statusId}>
        {phase.kind === 'uploading' && (
          <Stack gap={4}>
            <Text size="sm">
              {t('settings.data.import.uploading', { percent: Math.round(phase.sent * 100) })}
            </Text>
            <Progress value={phase.sent * 100} aria-hidden size="sm" />
          </Stack>
        )}
        {phase.kind === 'working' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">
              {t(phase.dryRun ? 'settings.data.import.checking' : 'settings.data.import.working')}
            </Text>
          </Group>
        )}
        {phase.kind === 'checked' && (
          <Alert
            color={phase.result.ok ? 'blue' : 'red'}
            variant="light"
            icon={phase.result.ok ? <IconInfoCircle size={18} /> : <IconAlertTriangle size={18} />}
          >
            <Stack gap={6}>
              <Text size="sm">{countsText(t, 'settings.data.import.counts', phase.result.counts)}</Text>
              {phase.result.problems.length > 0 && (
                <Text size="sm" fw={500}>
                  {t(phase.result.ok ? 'settings.data.import.checkWarnings' : 'settings.data.import.cannot')}
                </Text>
              )}
              <Problems problems={phase.result.problems} />
            </Stack>
          </Alert>
        )}
        {phase.kind === 'done' && (
          <Alert color="nest" variant="light" icon={<IconCheck size={18} />}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">{countsText(t, 'settings.data.import.done', phase.counts)}</Text>
              {phase.problems.length > 0 && (
                <>
                  <Text size="sm" fw={500}>
                    {t('settings.data.import.warnings')}
                  </Text>
                  <Problems problems={phase.problems} />
                </>
              )}
              {onOpenBox && phase.boxId && (
                <Button size="xs" variant="light" onClick={() => onOpenBox(phase.boxId)}>
                  {t('settings.data.import.open')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {phase.kind === 'failed' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('settings.data.import.failed')}
          >
            <Text size="sm">{phase.message}</Text>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
