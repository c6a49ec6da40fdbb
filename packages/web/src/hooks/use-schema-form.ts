import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTranslationKey } from '../lib/i18n';

/**
 * The part of a zod schema a form needs. The shared schemas' messages are i18n keys, so
 * one schema validates on the server and in the browser with the same texts.
 */
export interface FormSchema<Output> {
  safeParse(data: unknown):
    | { success: true; data: Output }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/**
 * A form's schema, or a function that loads it: a page whose form loads its schema draws
 * without zod, which then loads when the person first edits a field (or sends the form).
 */
export type SchemaSource<Output> = FormSchema<Output> | (() => Promise<FormSchema<Output>>);

type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

/**
 * Form state validated by a shared schema. Errors hold either an i18n key (from the schema)
 * or a message the server already translated; both display in the current language.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Output>(
  source: SchemaSource<Output>,
  initialValues: Values,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const schema = useRef<Promise<FormSchema<Output> | null> | null>(null);

  /** The schema, loaded once; `null` when it could not load (a later call tries again). */
  const loadSchema = useCallback(() => {
    schema.current ??=
      typeof source === 'function'
        ? source().catch(() => {
            schema.current = null;
            return null;
          })
        : Promise.resolve(source);
    return schema.current;
  }, [source]);

  const setFieldValue = useCallback(
    <K extends keyof Values & string>(name: K, value: Values[K]) => {
      void loadSchema();
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _cleared, ...rest } = current;
        return rest as FieldErrors<Values>;
      });
    },
    [loadSchema],
  );

  /**
   * Validates every field; resolves to the parsed body, or `null` after showing the errors.
   * Should the schema not load, the values go as they are and the server, which applies the
   * same schema, answers with the same messages.
   */
  const validate = async (): Promise<Output | null> => {
    const loaded = await loadSchema();
    if (!loaded) return values as unknown as Output;
    const result = loaded.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !(field in next)) next[field] = issue.message;
    }
    setErrors(next as FieldErrors<Values>);
    return null;
  };

  /**
   * Shows the server's per-field messages on the matching inputs. Returns whether any of
   * them matched a field of this form (if none did, the caller should show the message).
   */
  const setServerErrors = (fields: Readonly<Record<string, string>> | undefined): boolean => {
    const known = Object.entries(fields ?? {}).filter(([name]) => name in values);
    if (known.length > 0) setErrors(Object.fromEntries(known) as FieldErrors<Values>);
    return known.length > 0;
  };

  /** The displayable error of a field, translated when it is a catalogue key. */
  const errorOf = (name: keyof Values & string): string | undefined => {
    const error = errors[name];
    if (!error) return undefined;
    return isTranslationKey(error) ? t(error) : error;
  };

  /** Props for a Mantine text input (TextInput, PasswordInput) bound to a string field. */
  const textInputProps = <K extends keyof Values & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFieldValue(name, event.currentTarget.value as Values[K]),
    error: errorOf(name),
  });

  return { values, setFieldValue, validate, setServerErrors, errorOf, textInputProps };
}
