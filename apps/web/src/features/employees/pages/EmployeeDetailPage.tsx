import { Anchor, Badge, Button, Group, List, Table, Text } from '@mantine/core';
import { IconMail, IconPencil, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { confirmAction, dangerColor } from '../../../lib/confirm.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { deleteEmployee, employeeQuery, employeesKey, resendInvitation } from '../api.ts';
import { ExpiryBadge, localName, StatusBadge } from '../components/badges.tsx';

/** One employee at a glance: contact, address, status and guarantee, skills with their expiry, tools, notes. */
export default function EmployeeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery(employeeQuery(id));
  const employee = query.data;

  const remove = useApiMutation({
    mutationFn: () => deleteEmployee(id),
    invalidate: [employeesKey],
    successKey: false,
    onSuccess: (result) => {
      if (result.outcome === 'deleted') {
        toast.success(t('employees.deleted'));
        navigate('/employees');
      } else toast.success(t('employees.archived'));
    },
  });
  const invite = useApiMutation({
    mutationFn: (channel: 'sms' | 'email') => resendInvitation(id, channel),
    successKey: false,
    onSuccess: (result) =>
      toast.success(
        t('employees.invitationSent', { channel: t(`employees.channels.${result.channel ?? 'sms'}`) }),
      ),
  });

  if (!employee) return <QueryState error={query.error} backHref="/employees" />;
  const name = `${employee.firstName} ${employee.lastName}`;

  const onRemove = async () => {
    const deleting = employee.deletable;
    const ok = await confirmAction({
      title: deleting ? t('employees.deleteTitle') : t('employees.archiveTitle'),
      message: deleting ? t('employees.deleteMessage', { name }) : t('employees.archiveMessage', { name }),
      confirmLabel: deleting ? t('common.delete') : t('common.archive'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  const onInvite = async (channel: 'sms' | 'email') => {
    const ok = await confirmAction({
      title: t('employees.resendTitle'),
      message: t('employees.resendMessage', {
        name,
        to: channel === 'sms' ? formatPhone(employee.phone ?? '') : employee.email,
      }),
      confirmLabel: t('employees.resend'),
    });
    if (ok) invite.mutate(channel);
  };

  return (
    <DetailPage
      title={name}
      backHref="/employees"
      status={
        <Group gap={6}>
          <StatusBadge status={employee.status} />
          {employee.active ? null : (
            <Badge color="gray" variant="outline" radius="sm" tt="none" c="gray.8">
              {t('employees.archivedBadge')}
            </Badge>
          )}
        </Group>
      }
      actions={
        <>
          <Button
            component={Link}
            to={`/employees/edit/${employee.id}`}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('common.edit')}
          </Button>
          {employee.active && employee.phone ? (
            <Button
              variant="default"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={invite.isPending}
              onClick={() => onInvite('sms')}
            >
              {t('employees.resendSms')}
            </Button>
          ) : null}
          {employee.active && employee.email ? (
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              loading={invite.isPending}
              onClick={() => onInvite('email')}
            >
              {t('employees.resendEmail')}
            </Button>
          ) : null}
          {employee.deletable || employee.active ? (
            <Button color={dangerColor} variant="outline" loading={remove.isPending} onClick={onRemove}>
              {employee.deletable ? t('common.delete') : t('common.archive')}
            </Button>
          ) : null}
        </>
      }
    >
      <DetailCard
        title={t('employees.sections.identity')}
        rows={[
          { label: t('employees.employeeNumber'), value: employee.employeeNumber },
          {
            label: t('employees.mobile'),
            value: employee.phone ? (
              <Anchor href={`tel:${employee.phone}`}>{formatPhone(employee.phone)}</Anchor>
            ) : null,
          },
          {
            label: t('employees.email'),
            value: employee.email ? (
              <Anchor href={`mailto:${employee.email}`}>{employee.email}</Anchor>
            ) : null,
          },
          { label: t('form.language'), value: t(`languages.${employee.language}`) },
          {
            label: t('employees.account'),
            value: employee.hasPassword ? t('employees.accountReady') : t('employees.accountInvited'),
          },
        ]}
      />
      <DetailCard
        title={t('employees.sections.address')}
        rows={[
          { label: t('employees.street'), value: employee.street },
          { label: t('employees.city'), value: employee.city },
          { label: t('form.province'), value: t(`provinces.${employee.province}`) },
          { label: t('form.postalCode'), value: employee.postalCode },
        ]}
      />
      <DetailCard
        title={t('employees.sections.status')}
        rows={[
          { label: t('employees.status'), value: t(`employees.statuses.${employee.status}`) },
          { label: t('employees.warrantyUntil'), value: formatDate(employee.warrantyUntil) },
          {
            label: t('employees.fearOfHeights'),
            value: employee.fearOfHeights ? (
              <Text span c="#8a3a00" fw={600} size="sm">
                {t('common.yes')}
              </Text>
            ) : (
              t('common.no')
            ),
          },
        ]}
      />
      <DetailCard title={t('employees.sections.tools')}>
        {employee.tools.length ? (
          <List size="sm" spacing={2}>
            {employee.tools.map((tool) => (
              <List.Item key={tool.toolId}>{localName(tool)}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('employees.noTools')}
          </Text>
        )}
      </DetailCard>
      <DetailCard
        title={t('employees.skillsTitle', { count: employee.skills.length })}
        style={{ gridColumn: '1 / -1' }}
      >
        {employee.skills.length ? (
          <Table.ScrollContainer minWidth={480}>
            <Table striped fz="sm" data-testid="employee-skills-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('employees.skill')}</Table.Th>
                  <Table.Th>{t('employees.obtainedOn')}</Table.Th>
                  <Table.Th>{t('employees.expiresOn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {employee.skills.map((skill) => (
                  <Table.Tr key={skill.skillId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/skills/${skill.skillId}`} size="sm">
                        {localName(skill)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(skill.obtainedOn) || t('common.empty')}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {formatDate(skill.expiresOn) || t('employees.noExpiry')}
                        <ExpiryBadge daysLeft={skill.daysLeft} expired={skill.expired} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('employees.noSkills')}
          </Text>
        )}
      </DetailCard>
      <DetailCard title={t('employees.sections.notes')} style={{ gridColumn: '1 / -1' }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={employee.notes ? undefined : 'dimmed'}>
          {employee.notes || t('employees.noNotes')}
        </Text>
      </DetailCard>
    </DetailPage>
  );
}
