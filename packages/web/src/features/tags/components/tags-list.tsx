import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { TagCount } from '@nestbox/shared/tags/tag.schema';
import { normaliseTag, TAG_MAX_LENGTH, tagNameError } from '@nestbox/shared/tags/tags';
import { IconHash, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaneLoadFailed, PaneLoading } from '../../../components/layout/pane-states';
import resultClasses from '../../../components/layout/result-list.module.css';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { renameTag, useRenameTag, useTags } from '../../../lib/api/tags';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import classes from './tags-list.module.css';

/**
 * The search pane's Tags scope: every tag of the texts the person sees, with how many carry it
 * (most used first). A tag opens its search (`onOpen`); its pencil renames it everywhere the
 * person may edit, after a confirmation that says how many texts change.
 */
export function TagsList({ onOpen, filter }: { onOpen: (name: string) => void; filter: string }) {
  const { t } = useTranslation();
  const tags = useTags();
  const [renaming, setRenaming] = useState<string | null>(null);
  if (tags.isPending) return <PaneLoading label={t('searchPane.searching')} />;
  if (tags.isError)
    return <PaneLoadFailed message={t('tags.loadFailed')} onRetry={() => void tags.refetch()} />;
  const wanted = normaliseTag(filter);
  const shown = tags.data.tags.filter((tag) => tag.name.includes(wanted));
  if (shown.length === 0)
    return (
      <Text c="dimmed" ta="center" fz="sm" py="xl" px="md">
        {tags.data.tags.length === 0 ? t('tags.none') : t('searchPane.noResults')}
      </Text>
    );
  return (
    <>
      <ul className={resultClasses.results} aria-label={t('tags.list')}>
        {shown.map((tag) => (
          <li key={tag.name} className={classes.tagRow} data-tag-row={tag.name}>
            <UnstyledButton className={resultClasses.result} onClick={() => onOpen(tag.name)}>
              <IconHash className={resultClasses.resultIcon} size={18} stroke={1.7} aria-hidden />
              <span className={resultClasses.resultText}>
                <span className={resultClasses.resultTitle}>{tag.name}</span>
                <span className={resultClasses.resultParent}>{t('tags.count', { count: tag.count })}</span>
              </span>
            </UnstyledButton>
            <Tooltip label={t('tags.rename', { name: tag.name })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('tags.rename', { name: tag.name })}
                onClick={() => setRenaming(tag.name)}
              >
                <IconPencil size={17} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </li>
        ))}
      </ul>
      {renaming !== null && <RenameTagModal tag={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}

/** Renames a tag: its new name, and how many texts the person may edit carry it, before anything changes. */
function RenameTagModal({ tag, onClose }: { tag: TagCount['name']; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(tag);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameTag();
  const notifyFailure = useNotifyFailure();
  const count = useQuery({
    queryKey: ['tags', 'rename-count', tag],
    queryFn: () => renameTag({ from: tag, to: tag, dryRun: true }),
    gcTime: 0,
    throwOnError: false,
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = tagNameError(name);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    const to = name.trim().replace(/^#/, '');
    rename.mutate(
      { from: tag, to },
      {
        onSuccess: ({ count: changed }) => {
          notify({ type: 'success', message: t('tags.rename.done', { name: to, count: changed }) });
          onClose();
        },
        onError: (failure) => {
          const message = isApiError(failure) ? (failure.fields?.to ?? undefined) : undefined;
          if (message) setError(message);
          else notifyFailure(failure, 'tags.rename.failed');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('tags.rename', { name: tag })} size="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('tags.rename.label')}
            leftSection={<IconHash size={16} stroke={1.7} />}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={TAG_MAX_LENGTH + 1}
            required
            data-autofocus
          />
          <div role="status" data-rename-count={count.data?.count}>
            {count.isPending ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text fz="sm" c="dimmed">
                  {t('tags.rename.counting')}
                </Text>
              </Group>
            ) : count.isError ? (
              <Text fz="sm" c="var(--mantine-color-error)">
                {t('tags.loadFailed')}
              </Text>
            ) : (
              <Text fz="sm">
                {t('tags.rename.count', { count: count.data.count })}{' '}
                <Text span fz="sm" c="dimmed">
                  {t('tags.rename.readonlyNote')}
                </Text>
              </Text>
            )}
          </div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={rename.isPending}
              disabled={!count.isSuccess || count.data.count === 0}
            >
              {t('tags.rename.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
