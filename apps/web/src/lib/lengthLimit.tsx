import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';

type Def = {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The most characters the schema accepts at `path` ("name", "skills.0.notes"), or null: read from
 * the shared schema itself, so the form's limit is always the server's.
 */
export function maxLengthAt(schema: z.ZodType | undefined, path: readonly string[]): number | null {
  if (!schema) return null;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return path.length === 0 ? ((schema as z.ZodString).maxLength ?? null) : null;
    case 'pipe':
      return maxLengthAt(def.in, path) ?? maxLengthAt(def.out, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return maxLengthAt(def.innerType, path);
    case 'object': {
      const [key, ...rest] = path;
      return key === undefined ? null : maxLengthAt(def.shape?.[key], rest);
    }
    case 'array': {
      const [, ...rest] = path;
      return path.length === 0 ? null : maxLengthAt(def.element, rest);
    }
    default:
      return null;
  }
}

/** The counter shows from this share of the limit: out of the way until it matters. */
const nearLimit = 0.9;

/**
 * "118/120" under a text field whose length comes near its limit (red past it). Nothing is ever cut:
 * the field takes what is typed or pasted, and the form refuses it with the limit in the message.
 */
export function LengthCounter({ length, limit }: { length: number; limit: number }) {
  if (length < Math.floor(limit * nearLimit)) return null;
  const over = length > limit;
  return (
    <Text
      size="xs"
      ta="right"
      mt={2}
      c={over ? 'var(--mantine-color-error)' : 'dimmed'}
      fw={over ? 600 : undefined}
      data-testid="length-counter"
    >
      {length}/{limit}
    </Text>
  );
}

/** Input props with the length counter of `limit` below the field (Mantine's `inputContainer`). */
export function withLengthCounter<Props extends { value?: unknown }>(props: Props, limit: number) {
  const length = typeof props.value === 'string' ? props.value.length : 0;
  return {
    ...props,
    inputContainer: (children: ReactNode) => (
      <>
        {children}
        <LengthCounter length={length} limit={limit} />
      </>
    ),
  };
}
