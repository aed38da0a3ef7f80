import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconMail, IconMessage, IconSend } from '@tabler/icons-react';

export type InvitationChannel = 'sms' | 'email';

/** A "resend the invitation" action: by which channels, and what to do with the one picked. */
export interface InvitationAction {
  label: string;
  loading: boolean;
  channels: { channel: InvitationChannel; label: string; disabled?: boolean }[];
  onPick: (channel: InvitationChannel) => void;
}

export const channelIcon = (channel: InvitationChannel) =>
  channel === 'email' ? <IconMail size={16} aria-hidden /> : <IconMessage size={16} aria-hidden />;

/**
 * "Renvoyer l'invitation ▾" with one item per channel, on the detail pages of people who sign in
 * (employees, supervisors); a channel the person cannot receive is shown disabled.
 */
export function InvitationMenu({ label, loading, channels, onPick }: InvitationAction) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          loading={loading}
          leftSection={<IconSend size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid="invitation-menu"
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {channels.map((item) => (
          <Menu.Item
            key={item.channel}
            disabled={item.disabled}
            leftSection={channelIcon(item.channel)}
            onClick={() => onPick(item.channel)}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
