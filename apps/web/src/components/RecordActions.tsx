import { Button } from '@mantine/core';
import { IconArchive, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dangerColor } from '../lib/confirm.tsx';

/**
 * The actions of a record's detail page, alike everywhere: Edit; Delete (nothing refers to it) or
 * Archive (something does) while it is active or still deletable; Reactivate once archived.
 * `children` adds the record's own actions between Edit and the rest.
 */
export function RecordActions({
  editHref,
  active,
  deletable,
  onDelete,
  deleting,
  onReactivate,
  reactivating,
  reactivateLabel,
  testIdPrefix,
  children,
}: {
  editHref: string;
  active: boolean;
  deletable: boolean;
  onDelete: () => void;
  deleting: boolean;
  onReactivate: () => void;
  reactivating: boolean;
  reactivateLabel: string;
  /** e.g. "client" → data-testid "client-delete", "client-reactivate". */
  testIdPrefix?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component={Link}
        to={editHref}
        variant="default"
        leftSection={<IconPencil size={16} aria-hidden />}
      >
        {t('common.edit')}
      </Button>
      {children}
      {active ? null : (
        <Button
          variant="light"
          loading={reactivating}
          onClick={onReactivate}
          leftSection={<IconRestore size={16} aria-hidden />}
          data-testid={testIdPrefix ? `${testIdPrefix}-reactivate` : undefined}
        >
          {reactivateLabel}
        </Button>
      )}
      {active || deletable ? (
        <Button
          color={dangerColor}
          variant="outline"
          loading={deleting}
          onClick={onDelete}
          leftSection={
            deletable ? <IconTrash size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
          }
          data-testid={testIdPrefix ? `${testIdPrefix}-delete` : undefined}
        >
          {t(deletable ? 'common.delete' : 'common.archive')}
        </Button>
      ) : null}
    </>
  );
}
