import { Button, Stack, Text } from '@mantine/core';
import { EMAIL_PATTERN, type MessageResponse } from '@nestbox/shared/auth/auth.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../components/forms/email-input';
import { type SchemaSource, useSchemaForm } from '../../../hooks/use-schema-form';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';

export interface EmailRequestFormProps<Body> {
  /** Validates `{ email }` into the request body. */
  schema: SchemaSource<Body>;
  /** The mutation hook that sends the body (called here, so a remount starts afresh). */
  useRequest: () => UseMutationResult<MessageResponse, Error, Body>;
  title: string;
  intro: string;
  submitLabel: string;
  /** Shown on success when the server sends no message of its own. */
  sentMessage: string;
  /** The login link shown on success. */
  doneLinkLabel: string;
  /** Prefills the field when it looks like an address (e.g. a path segment). */
  initialValue?: string | undefined;
}

/**
 * One email box and a submit button (forgotten password, new activation link); on success,
 * the server's confirmation.
 */
export function EmailRequestForm<Body>({
  schema,
  useRequest,
  title,
  intro,
  submitLabel,
  sentMessage,
  doneLinkLabel,
  initialValue,
}: EmailRequestFormProps<Body>) {
  const { t } = useTranslation();
  const prefill = initialValue && EMAIL_PATTERN.test(initialValue) ? initialValue : '';
  const form = useSchemaForm(schema, { email: prefill });
  const request = useRequest();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = await form.validate();
    if (body) request.mutate(body);
  };

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <AuthHeading title={title} />
        <AuthNotice tone="success">{request.data.message || sentMessage}</AuthNotice>
        <AuthLink to={PAGE_PATHS.login}>{doneLinkLabel}</AuthLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={title} description={intro} />
        {request.error ? <AuthNotice tone="error">{request.error.message}</AuthNotice> : null}
        <EmailInput autoFocus={!prefill} {...form.textInputProps('email')} />
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          {submitLabel}
        </Button>
        <Text ta="center" size="sm">
          <AuthLink to={PAGE_PATHS.login} size="sm">
            {t('auth.backToLogin')}
          </AuthLink>
        </Text>
      </Stack>
    </form>
  );
}
