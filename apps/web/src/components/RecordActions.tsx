import { Button, Menu } from '@mantine/core';
import { IconArchive, IconChevronDown, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dangerColor } from '../lib/confirm.tsx';
import { DangerButton } from './DangerButton.tsx';
import { channelIcon, type InvitationAction, InvitationMenu } from './InvitationMenu.tsx';
import { useCardLayout } from './useCardLayout.ts';

/**
 * The actions of a record's detail page, alike everywhere: Edit; the invitation to resend, for
 * people who sign in; Delete (nothing refers to it) or Archive (something does) while it is active
 * or still deletable; Reactivate once archived. On a phone they fit one row: Edit, and the others
 * in a "Plus d'actions" menu.
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
  invitation,
  testIdPrefix,
}: {
  editHref: string;
  active: boolean;
  deletable: boolean;
  onDelete: () => void;
  deleting: boolean;
  onReactivate: () => void;
  reactivating: boolean;
  reactivateLabel: string;
  invitation?: InvitationAction | null;
  /** e.g. "client" → data-testid "client-delete", "client-reactivate". */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const phone = useCardLayout();
  const testId = (action: string) => (testIdPrefix ? `${testIdPrefix}-${action}` : undefined);
  const canDelete = active || deletable;
  const deleteLabel = t(deletable ? 'common.delete' : 'common.archive');
  const deleteIcon = deletable ? <IconTrash size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />;
  const edit = (
    <Button
      component={Link}
      to={editHref}
      variant="default"
      leftSection={<IconPencil size={16} aria-hidden />}
    >
      {t('common.edit')}
    </Button>
  );

  if (phone) {
    return (
      <>
        {edit}
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="default"
              loading={deleting || reactivating || Boolean(invitation?.loading)}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              data-testid="more-actions"
            >
              {t('common.moreActions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {invitation ? (
              <>
                <Menu.Label>{invitation.label}</Menu.Label>
                {invitation.channels.map((item) => (
                  <Menu.Item
                    key={item.channel}
                    disabled={item.disabled}
                    leftSection={channelIcon(item.channel)}
                    onClick={() => invitation.onPick(item.channel)}
                  >
                    {item.label}
                  </Menu.Item>
                ))}
                {canDelete || !active ? <Menu.Divider /> : null}
              </>
            ) : null}
            {active ? null : (
              <Menu.Item
                leftSection={<IconRestore size={16} aria-hidden />}
                onClick={onReactivate}
                data-testid={testId('reactivate')}
              >
                {reactivateLabel}
              </Menu.Item>
            )}
            {canDelete ? (
              <Menu.Item
                color={dangerColor}
                leftSection={deleteIcon}
                onClick={onDelete}
                data-testid={testId('delete')}
              >
                {deleteLabel}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </>
    );
  }

  return (
    <>
      {edit}
      {invitation ? <InvitationMenu {...invitation} /> : null}
      {active ? null : (
        <Button
          variant="light"
          loading={reactivating}
          onClick={onReactivate}
          leftSection={<IconRestore size={16} aria-hidden />}
          data-testid={testId('reactivate')}
        >
          {reactivateLabel}
        </Button>
      )}
      {canDelete ? (
        <DangerButton icon={deleteIcon} loading={deleting} onClick={onDelete} data-testid={testId('delete')}>
          {deleteLabel}
        </DangerButton>
      ) : null}
    </>
  );
}
