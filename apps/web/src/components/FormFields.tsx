import { Switch, type SwitchProps, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { GrowingTextarea, type GrowingTextareaProps } from './GrowingTextarea.tsx';

/** What a field needs of its form (any `useZodForm`). */
export interface BoundForm {
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): GetInputPropsReturnType;
}

interface Bound {
  form: BoundForm;
  /** The field's path in the form's values: 'name', 'skills.0.expiresOn'… */
  path: string;
}

/**
 * A text field of a form: its value, its error and its length counter (lib/useZodForm.ts) come
 * from the form. Never filled in from the browser's memory: a record's name, e-mail or address is
 * not the typist's own.
 *
 *   <TextField form={form} path="firstName" label={t('employees.firstName')} withAsterisk />
 */
export function TextField({ form, path, ...props }: Bound & Omit<TextInputProps, 'form'>) {
  return <TextInput autoComplete="off" {...props} {...form.getInputProps(path)} />;
}

/** A multi-line text (notes, comments, a description), growing with what is typed. */
export function TextAreaField({ form, path, ...props }: Bound & Omit<GrowingTextareaProps, 'form'>) {
  return <GrowingTextarea minRows={3} {...props} {...form.getInputProps(path)} />;
}

/** A yes/no of a form ("Actif", "Expirable"…). */
export function SwitchField({ form, path, ...props }: Bound & Omit<SwitchProps, 'form'>) {
  return <Switch {...props} {...form.getInputProps(path, { type: 'checkbox' })} />;
}
