import { Box, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './DataTable.module.css';

export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** Takes the card's whole width (a date with its badge). */
  wide?: boolean;
}

/**
 * The label/value pairs of a phone card, two to a row (DataTable's list cards, RecordTable's
 * cards); nothing when there are none.
 */
export function CardFields({ fields, style }: { fields: CardField[]; style?: CSSProperties }) {
  if (fields.length === 0) return null;
  return (
    <dl className={classes.cardFields} style={style}>
      {fields.map((field) => (
        <Box key={field.key} style={{ minWidth: 0, gridColumn: field.wide ? '1 / -1' : undefined }}>
          <Text component="dt" size="xs" c="dimmed">
            {field.label}
          </Text>
          <Text component="dd" size="sm">
            {field.value}
          </Text>
        </Box>
      ))}
    </dl>
  );
}
