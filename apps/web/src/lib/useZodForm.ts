import { ErrorCode } from '@brigade/shared/errors';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api.ts';
import { errorMessage } from './errors.ts';
import { issueMessage, notUniqueMessageKey, serverFieldMessage, valueAt } from './forms.ts';
import { i18n } from './i18n.ts';
import { maxLengthAt, withLengthCounter } from './lengthLimit.tsx';
import { toast } from './toast.tsx';

/**
 * Mantine forms validated by a (shared) zod schema, with translated field errors.
 *
 *   const form = useZodForm(clientInputSchema, { name: '', phone: '', province: 'QC', … });
 *   const save = useApiMutation({ ...createClient, successKey: 'clients.created', form });
 *   <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
 *     <TextField form={form} path="name" label={t('clients.name')} withAsterisk />   // components/FormFields.tsx
 *
 * The form is controlled (it re-renders on every change), so inputs need no `key={form.key(…)}`.
 *
 * The form holds what the user typed (`z.input` of the schema); `onSubmit` receives the parsed
 * output (`z.output`: trimmed, E.164 phone, null for blanks…). Fields are checked on blur and
 * again on submit, every problem at once. Messages come from lib/forms.ts (`validation.*` keys).
 * A text field whose schema has a maximum length gets a counter near it ("118/120"); nothing is
 * cut (no `maxLength` attribute), the limit is a message.
 */
/**
 * A form's initial values: every field of the schema named, the optional ones too (as `undefined`
 * or a value). A field added to a shared schema then fails to compile in every form that edits it,
 * rather than starting empty and resetting the stored value on the next save.
 */
export type FormValues<Schema extends z.ZodType> = AllKeys<z.input<Schema>>;
/** `T` with its optional keys required, their values still allowed `undefined`. */
// (Mapped over `Extract<keyof T, string>`, not `keyof T`: a mapping of `keyof T` keeps each key's
// `?`, and `-?` would also take `undefined` out of its values.)
type AllKeys<T> = { [K in Extract<keyof T, string>]: T[K] };

export type ZodForm<Schema extends z.ZodType> = UseFormReturnType<
  z.input<Schema> & Record<string, unknown>,
  z.output<Schema>
>;

/**
 * A schema whose code (zod and the shared schemas, about 25 KB over the network) comes after the
 * form's first paint: a phone opening the form does not wait for it. Until it is there, a field
 * left is not checked; a submit waits for it, then checks everything as usual.
 *
 *   const entrySchema = lazySchema(() => import('@brigade/shared/time-entries').then((m) => m.timeEntryInputSchema));
 *   useEffect(() => afterFirstAction(() => void entrySchema.load().catch(() => undefined)), []);
 *   const form = useZodForm(entrySchema, { … });
 */
export interface LazySchema<Schema extends z.ZodType> {
  /** The schema, once loaded. */
  readonly current: Schema | undefined;
  load: () => Promise<Schema>;
}

export function lazySchema<Schema extends z.ZodType>(load: () => Promise<Schema>): LazySchema<Schema> {
  let current: Schema | undefined;
  let loading: Promise<Schema> | undefined;
  return {
    get current() {
      return current;
    },
    load: () => {
      loading ??= load().then(
        (schema) => {
          current = schema;
          return schema;
        },
        (error: unknown) => {
          // The next submit asks again (a dropped connection).
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

const isLazy = <Schema extends z.ZodType>(
  schema: Schema | LazySchema<Schema>,
): schema is LazySchema<Schema> => 'load' in schema && typeof schema.load === 'function';

/** A Standard Schema view of `schema` whose issue messages are translated (no issues until it is loaded). */
function translated(current: () => z.ZodType | undefined): Parameters<typeof schemaResolver>[0] {
  return {
    '~standard': {
      version: 1,
      vendor: 'brigade',
      validate: (value: unknown) => {
        const schema = current();
        if (!schema) return { value };
        const result = schema.safeParse(value);
        return result.success
          ? { value: result.data }
          : {
              issues: result.error.issues.map((issue) => ({
                message: issueMessage(issue, { value: valueAt(value, issue.path) }),
                path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
              })),
            };
      },
    },
  };
}

/**
 * After a refused submit, brings the first invalid field (in page order) into view and focuses it,
 * so that an error above the fold of a long form is never missed. Runs once React has shown the
 * errors (`aria-invalid` on Mantine inputs).
 */
export function revealFirstError(container: HTMLElement | null | undefined): void {
  window.setTimeout(() => {
    const root = container?.isConnected ? container : document;
    const field =
      root.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root
        .querySelector<HTMLElement>('.mantine-InputWrapper-error')
        ?.closest<HTMLElement>('.mantine-InputWrapper-root') ??
      null;
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    // A date field opens its calendar on focus, which would cover the message: show it, don't focus it.
    if (field.matches('input, select, textarea, button') && !field.closest('[data-dates-input]')) {
      field.focus({ preventScroll: true });
    }
  }, 0);
}

/** Fields shorter than this (times "07:30", codes) show no length counter. */
const minCountedLength = 10;

export function useZodForm<Schema extends z.ZodType>(
  schema: Schema | LazySchema<Schema>,
  initialValues: NoInfer<FormValues<Schema>>,
): ZodForm<Schema> {
  type Values = z.input<Schema> & Record<string, unknown>;
  const current = () => (isLazy(schema) ? schema.current : schema);
  const form = useForm<Values, z.output<Schema>>({
    mode: 'controlled',
    initialValues: initialValues as Values,
    validate: schemaResolver(translated(current), { sync: true }),
    validateInputOnBlur: true,
    // Validation passed before onSubmit calls this, so parsing succeeds there.
    transformValues: (values) => {
      const parsed = current()?.safeParse(values);
      return (parsed?.success ? parsed.data : values) as z.output<Schema>;
    },
  });
  // Every form of the app reveals its first error when Save is refused (see revealFirstError).
  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) => {
    const submit = (container: HTMLElement | undefined) =>
      form.onSubmit(handleSubmit, (errors, values, event) => {
        revealFirstError(container);
        handleValidationFailure?.(errors, values, event);
      });
    return (event) => {
      const container = event?.currentTarget as HTMLElement | undefined;
      if (!isLazy(schema) || schema.current) return submit(container)(event);
      // The schema's code is not there yet: the submit goes on once it is.
      event?.preventDefault();
      void schema.load().then(
        () => submit(container)(),
        (error: unknown) => toast.error(errorMessage(error)),
      );
    };
  };
  const getInputProps: typeof form.getInputProps = (path, options) => {
    const props = form.getInputProps(path, options);
    const limit = options?.type === 'checkbox' ? null : maxLengthAt(current(), String(path).split('.'));
    // A counter helps where people type free text; a time or a code of a few characters has none.
    return limit === null || limit < minCountedLength ? props : withLengthCounter(props, limit);
  };
  return { ...form, onSubmit, getInputProps };
}

/** What `applyServerErrors` needs of a form (any Mantine form fits). */
export interface FieldErrorTarget {
  setFieldError: (path: never, error: string) => void;
  getInputNode?: (path: never) => HTMLElement | null;
}

/**
 * Shows a server refusal next to the fields it concerns:
 * - 400 VALIDATION_FAILED with `details.fields: [{ path, message }]` → each field's translated error;
 * - 409 NAME_NOT_UNIQUE with `details.field` ('name', 'email', 'employeeNumber'…) → "must be unique"
 *   / "already in use" under that field;
 * - 409 PHONE_NOT_UNIQUE (`details.field`, 'phone') → "this mobile is already someone's" under it.
 * Returns true when it showed something; otherwise the caller shows the usual toast
 * (`useApiMutation({ form })` does all of this).
 *
 *   onError: (error) => { if (!applyServerErrors(form, error)) toast.error(errorMessage(error)); }
 */
export function applyServerErrors(form: FieldErrorTarget, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const setError = form.setFieldError as (path: string, error: string) => void;
  const applied: string[] = [];
  if (error.code === ErrorCode.VALIDATION_FAILED) {
    for (const field of error.details?.fields ?? []) {
      if (!field.path) continue;
      setError(field.path, serverFieldMessage(field));
      applied.push(field.path);
    }
  } else if (error.code === ErrorCode.NAME_NOT_UNIQUE) {
    const field = typeof error.details?.field === 'string' ? error.details.field : 'name';
    setError(field, i18n.t(notUniqueMessageKey(field)));
    applied.push(field);
  } else if (error.code === ErrorCode.PHONE_NOT_UNIQUE) {
    const field = typeof error.details?.field === 'string' ? error.details.field : 'phone';
    setError(field, i18n.t('errors.PHONE_NOT_UNIQUE'));
    applied.push(field);
  }
  if (applied.length === 0) return false;
  // Bring the first refused field into view (not focused: leaving it would re-run the client
  // checks and hide the server's message before it is read).
  const node = (form.getInputNode as ((path: string) => HTMLElement | null) | undefined)?.(applied[0]!);
  node?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  return true;
}

/** Error codes a form shows beside its fields (see `applyServerErrors`). */
export const formErrorCodes: readonly string[] = [
  ErrorCode.VALIDATION_FAILED,
  ErrorCode.NAME_NOT_UNIQUE,
  ErrorCode.PHONE_NOT_UNIQUE,
];
