import { quarterHours } from '@brigade/shared/shift-times';
import { Select, type SelectProps } from '@mantine/core';

/**
 * A time of day in quarter hours, typed ("7:3" finds 07:30) or picked: a start offers 00:00–23:45,
 * an end 00:15–24:00.
 *
 *   <QuarterHourSelect edge="start" label={t('orders.dailyStart')} {...form.getInputProps('dailyStart')} />
 */
export function QuarterHourSelect({ edge, ...props }: { edge: 'start' | 'end' } & Omit<SelectProps, 'data'>) {
  return (
    <Select
      searchable
      allowDeselect={false}
      data={edge === 'start' ? quarterHours.slice(0, -1) : quarterHours.slice(1)}
      {...props}
    />
  );
}
