import type { EmployeeDetail, EmployeeSkill } from '@brigade/shared/employees';
import { formatPhone } from '@brigade/shared/format';
import { Anchor, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmailLink, PhoneLink } from '../../../components/ContactLink.tsx';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { ExpiryBadge } from '../../../components/ExpiryBadge.tsx';
import { LocationPreview } from '../../../components/LocationFields.tsx';
import {
  AnonymizedBadge,
  AnonymizedNotice,
  PersonalDataMenu,
} from '../../../components/PersonalDataMenu.tsx';
import { PersonPrivacyCard } from '../../../components/PersonPrivacyCard.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordActions } from '../../../components/RecordActions.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { ActiveBadge, EmployeeStatusBadge } from '../../../components/StatusBadge.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { useDeleteRecord } from '../../../lib/deleteRecord.ts';
import { formatDate } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { deleteEmployee, employeeFields, employeeQuery, resendInvitation, updateEmployee } from '../api.ts';
import { EmployeeAbsencesCard } from '../components/EmployeeAbsencesCard.tsx';
import { EmployeePlacementsCard } from '../components/EmployeePlacementsCard.tsx';

/** One employee at a glance: contact, address, status and guarantee, skills with their expiry, tools, notes. */
export default function EmployeeDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(employeeQuery(id));
  if (!query.data) return <QueryState query={query} backHref="/employees" />;
  return <EmployeeDetailView employee={query.data} />;
}

function EmployeeDetailView({ employee }: { employee: EmployeeDetail }) {
  const { t } = useTranslation();
  const name = `${employee.firstName} ${employee.lastName}`;

  const remove = useDeleteRecord({
    ...deleteEmployee(employee.id),
    id: employee.id,
    deletable: employee.deletable,
    confirm: employee.deletable
      ? { title: t('employees.deleteTitle'), message: t('employees.deleteMessage', { name }) }
      : { title: t('employees.archiveTitle'), message: t('employees.archiveMessage', { name }) },
    listHref: '/employees',
    deletedKey: 'employees.deleted',
    archivedKey: 'employees.archived',
  });
  const update = updateEmployee(employee.id);
  const reactivate = useApiMutation({
    // An archived employee is "terminé": back at work, they are available again.
    mutationFn: () =>
      update.mutationFn({
        ...employeeFields(employee),
        active: true,
        status: employee.status === 'termine' ? 'disponible' : employee.status,
      }),
    changes: update.changes,
    successKey: 'employees.reactivated',
  });
  const invite = useApiMutation({
    ...resendInvitation(employee.id),
    successKey: false,
    onSuccess: (result) =>
      toast.success(t('employees.invitationSent', { channel: t(`channels.${result.channel ?? 'sms'}`) })),
  });

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
          <EmployeeStatusBadge status={employee.status} />
          {employee.active || employee.anonymizedAt ? null : <ActiveBadge active={false} />}
          {employee.anonymizedAt ? <AnonymizedBadge /> : null}
        </Group>
      }
      actions={
        employee.anonymizedAt ? null : (
          <>
            <RecordActions
              editHref={`/employees/edit/${employee.id}`}
              active={employee.active}
              deletable={employee.deletable}
              onDelete={remove.confirm}
              deleting={remove.isPending}
              onReactivate={() => reactivate.mutate()}
              reactivating={reactivate.isPending}
              reactivateLabel={t('employees.reactivate')}
              testIdPrefix="employee"
              invitation={
                employee.active && (employee.phone || employee.email)
                  ? {
                      label: t('employees.resendInvitation'),
                      loading: invite.isPending,
                      onPick: onInvite,
                      channels: [
                        { channel: 'sms', label: t('employees.bySms'), disabled: !employee.phone },
                        { channel: 'email', label: t('employees.byEmail'), disabled: !employee.email },
                      ],
                    }
                  : null
              }
            />
            <PersonalDataMenu kind="employees" id={employee.id} name={name} hasFiles />
          </>
        )
      }
    >
      {employee.anonymizedAt ? <AnonymizedNotice at={employee.anonymizedAt} /> : null}
      <DetailCard
        title={t('employees.sections.identity')}
        rows={[
          { label: t('employees.employeeNumber'), value: employee.employeeNumber },
          {
            label: t('employees.mobile'),
            value: employee.phone ? <PhoneLink phone={employee.phone} /> : null,
          },
          {
            label: t('employees.email'),
            value: employee.email ? <EmailLink email={employee.email} /> : null,
          },
          { label: t('form.language'), value: t(`languages.${employee.language}`) },
          {
            label: t('employees.account'),
            value: t(employee.hasPassword ? 'account.ready' : 'account.invited'),
          },
          {
            label: t('employees.hours'),
            value: (
              <Anchor
                component={Link}
                to={`/time-entries/${employee.id}`}
                size="sm"
                data-testid="employee-hours"
              >
                {t('employees.viewHours')}
              </Anchor>
            ),
          },
          ...(employee.hiredFromApplicantId
            ? [
                {
                  label: t('employees.hiredFrom'),
                  value: (
                    <Anchor component={Link} to={`/applicants/${employee.hiredFromApplicantId}`} size="sm">
                      {t('employees.viewApplication')}
                    </Anchor>
                  ),
                },
              ]
            : []),
        ]}
      />
      <DetailCard
        title={t('employees.sections.address')}
        rows={[
          { label: t('employees.street'), value: employee.street },
          { label: t('employees.city'), value: employee.city },
          { label: t('form.province'), value: t(`provinces.${employee.province}`) },
          { label: t('form.postalCode'), value: employee.postalCode },
          {
            label: t('employees.home'),
            value:
              employee.latitude !== null && employee.longitude !== null ? (
                <span data-testid="employee-home">
                  {employee.latitude.toFixed(5)}, {employee.longitude.toFixed(5)}
                </span>
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('employees.noHome')}
                </Text>
              ),
          },
        ]}
      >
        {employee.latitude !== null && employee.longitude !== null ? (
          <LocationPreview
            latitude={employee.latitude}
            longitude={employee.longitude}
            label={t('employees.homeMap', { name })}
            data-testid="employee-home-map"
          />
        ) : null}
      </DetailCard>
      <DetailCard
        title={t('employees.sections.status')}
        rows={[
          { label: t('employees.status'), value: t(`employeeStatuses.${employee.status}`) },
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
              <List.Item key={tool.toolId}>
                <Anchor component={Link} to={`/tools/${tool.toolId}`} size="sm">
                  {localName(tool)}
                </Anchor>
              </List.Item>
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
          <RecordTable<EmployeeSkill>
            label={t('employees.skillsTitle', { count: employee.skills.length })}
            data-testid="employee-skills-table"
            records={employee.skills}
            rowKey={(skill) => skill.skillId}
            columns={[
              {
                accessor: 'skill',
                title: t('employees.skill'),
                render: (skill) => (
                  <Anchor component={Link} to={`/skills/${skill.skillId}`} size="sm" fw={600}>
                    {localName(skill)}
                  </Anchor>
                ),
              },
              {
                accessor: 'obtainedOn',
                title: t('employees.obtainedOn'),
                noWrap: true,
                render: (skill) => formatDate(skill.obtainedOn) || t('common.empty'),
              },
              {
                accessor: 'expiresOn',
                title: t('employees.expiresOn'),
                wideInCard: true,
                render: (skill) =>
                  skill.expirable || skill.expiresOn ? (
                    <ExpiryBadge
                      expiresOn={skill.expiresOn}
                      daysLeft={skill.daysLeft}
                      expirable={skill.expirable}
                    />
                  ) : (
                    <Text span size="sm" c="dimmed">
                      {t('employees.noExpiry')}
                    </Text>
                  ),
              },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('employees.noSkills')}
          </Text>
        )}
      </DetailCard>
      <EmployeePlacementsCard employeeId={employee.id} />
      <EmployeeAbsencesCard employeeId={employee.id} active={employee.active} />
      <DetailCard title={t('employees.sections.notes')} style={{ gridColumn: '1 / -1' }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={employee.notes ? undefined : 'dimmed'}>
          {employee.notes || t('employees.noNotes')}
        </Text>
      </DetailCard>
      <PersonPrivacyCard kind="employees" id={employee.id} />
    </DetailPage>
  );
}
