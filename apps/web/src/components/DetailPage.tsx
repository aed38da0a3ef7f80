import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecordTitle } from '../lib/documentTitle.ts';

export interface DetailPageProps {
  /** The h1 (the record's name); when it is text, also the browser tab's title. */
  title: ReactNode;
  /** e.g. `<Badge color="green">{t('list.active.true')}</Badge>`. */
  status?: ReactNode;
  /** Buttons at the right of the title: Modifier, Supprimer/Archiver… */
  actions?: ReactNode;
  /** The list this record belongs to, e.g. '/clients'; shows "Retour à la liste". */
  backHref: string;
  /** Label of the back link; default "Retour à la liste". */
  backLabel?: string;
  /** `<DetailCard>`s, laid out 1 column on phones, 2 from `md`. */
  children: ReactNode;
}

/**
 * The frame of a detail screen.
 *
 *   <DetailPage title={client.name} backHref="/clients" status={<StatusBadge … />}
 *     actions={<><Button component={Link} to={`/clients/edit/${id}`}>{t('common.edit')}</Button>
 *               <Button color={dangerColor} variant="outline" onClick={onDelete}>{t('common.delete')}</Button></>}>
 *     <DetailCard title={t('clients.contact')} rows={[{ label: t('form.phone'), value: formatPhone(client.phone ?? '') }]} />
 *   </DetailPage>
 */
export function DetailPage({ title, status, actions, backHref, backLabel, children }: DetailPageProps) {
  const { t } = useTranslation();
  useRecordTitle(typeof title === 'string' ? title : undefined);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backHref} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {backLabel ?? t('common.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center" style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {status}
        </Group>
        {actions ? (
          <Group gap="xs" data-testid="record-actions">
            {actions}
          </Group>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

export interface DetailRow {
  label: ReactNode;
  /** Empty values (null, undefined, '') show '—'. */
  value: ReactNode;
}

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false;

/**
 * A titled card of `label: value` rows (a definition list). A card that should span the grid:
 * `style={{ gridColumn: '1 / -1' }}`.
 *
 *   <DetailCard title={t('clients.address')} rows={[{ label: t('form.province'), value: t(`provinces.${p}`) }]} />
 */
export function DetailCard({
  title,
  action,
  rows,
  children,
  style,
}: {
  title: ReactNode;
  /** A button at the right of the card's title ("Nouveau chantier"). */
  action?: ReactNode;
  rows?: DetailRow[];
  /** Free content under the rows (a table, a map…). */
  children?: ReactNode;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="sm" padding="md" style={style} component="section">
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {rows?.length ? (
        <Stack component="dl" gap={6} m={0}>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed list of the record's fields
            <Group key={index} component="div" gap="xs" wrap="nowrap" align="baseline">
              <Text component="dt" c="dimmed" size="sm" w={{ base: 130, sm: 170 }} style={{ flexShrink: 0 }}>
                {row.label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {isEmpty(row.value) ? t('common.empty') : row.value}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {children}
    </Card>
  );
}
