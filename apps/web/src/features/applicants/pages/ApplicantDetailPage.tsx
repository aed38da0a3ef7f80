import type { ApplicantDetail } from '@brigade/shared/applicants';
import { type ApplicantStatus, applicantStatuses } from '@brigade/shared/enums';
import {
  Anchor,
  Button,
  FileButton,
  Group,
  Menu,
  Radio,
  Stack,
  Text,
  TextInput,
  Timeline,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconFileText,
  IconMessage,
  IconPencil,
  IconUserCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmailLink, PhoneLink } from '../../../components/ContactLink.tsx';
import { DangerButton } from '../../../components/DangerButton.tsx';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import {
  AnonymizedBadge,
  AnonymizedNotice,
  PersonalDataMenu,
} from '../../../components/PersonalDataMenu.tsx';
import { PersonPrivacyCard } from '../../../components/PersonPrivacyCard.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { isApiError } from '../../../lib/api.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { notUniqueMessageKey } from '../../../lib/forms.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  applicantQuery,
  changeStatus,
  deleteApplicant,
  hireApplicant,
  nextEmployeeNumberQuery,
  openConversation,
  openCv,
  removeCv,
  uploadCv,
} from '../api.ts';
import { ApplicantStatusBadge } from '../components/ApplicantStatusBadge.tsx';

/** One applicant: how to reach them, their trade, their CV, their way through recruiting, and Hire. */
export default function ApplicantDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(applicantQuery(id));
  if (!query.data) return <QueryState query={query} backHref="/applicants" />;
  return <ApplicantView applicant={query.data} />;
}

function ApplicantView({ applicant }: { applicant: ApplicantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = `${applicant.firstName} ${applicant.lastName}`;
  const hired = applicant.status === 'hired';
  const [hiring, setHiring] = useState(false);
  const move = useApiMutation({ ...changeStatus, successKey: false });
  const remove = useApiMutation({
    ...deleteApplicant(applicant.id),
    successKey: 'applicants.deleted',
    onSuccess: () => navigate('/applicants', { replace: true }),
  });
  const upload = useApiMutation({ ...uploadCv(applicant.id), successKey: 'applicants.cvUploaded' });
  const conversation = useApiMutation({
    ...openConversation(applicant.id),
    successKey: false,
    onSuccess: ({ conversationId }) => navigate(`/messages/${conversationId}`),
  });
  const dropCv = useApiMutation({ ...removeCv(applicant.id), successKey: 'applicants.cvRemoved' });

  const onMove = async (status: Exclude<ApplicantStatus, 'hired'>) => {
    let note = '';
    const ok = await confirmAction({
      title: t('applicants.moveTitle', { name, status: t(`applicants.statuses.${status}`) }),
      content: (
        <GrowingTextarea
          label={t('applicants.moveNote')}
          maxLength={500}
          minRows={2}
          onChange={(event) => {
            note = event.currentTarget.value;
          }}
          data-testid="move-note"
        />
      ),
      confirmLabel: t('applicants.changeStatus'),
    });
    if (ok) {
      move.mutate(
        { id: applicant.id, status, note: note.trim() || null },
        {
          onSuccess: () =>
            toast.success(t('applicants.moved', { name, status: t(`applicants.statuses.${status}`) })),
        },
      );
    }
  };
  const onDelete = async () => {
    const ok = await confirmAction({
      title: t('applicants.deleteTitle', { name }),
      message: t('applicants.deleteMessage'),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  const onRemoveCv = async () => {
    const ok = await confirmAction({
      title: t('applicants.removeCvTitle', { name }),
      confirmLabel: t('applicants.removeCv'),
      danger: true,
    });
    if (ok) dropCv.mutate();
  };

  return (
    <DetailPage
      title={name}
      backHref="/applicants"
      status={
        applicant.anonymizedAt ? <AnonymizedBadge /> : <ApplicantStatusBadge status={applicant.status} />
      }
      actions={
        applicant.anonymizedAt ? null : (
          <>
            <Button
              component={Link}
              to={`/applicants/edit/${applicant.id}`}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('common.edit')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconMessage size={16} aria-hidden />}
              onClick={() =>
                applicant.conversationId
                  ? navigate(`/messages/${applicant.conversationId}`)
                  : conversation.mutate()
              }
              loading={conversation.isPending}
              data-testid="applicant-sms"
            >
              {t('applicants.writeSms')}
            </Button>
            {hired ? null : (
              <>
                <Button
                  variant="default"
                  leftSection={<IconUserCheck size={16} aria-hidden />}
                  onClick={() => setHiring(true)}
                  data-testid="applicant-hire"
                >
                  {t('applicants.hire')}
                </Button>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button
                      variant="default"
                      leftSection={<IconArrowsExchange size={16} aria-hidden />}
                      loading={move.isPending}
                      data-testid="applicant-move"
                    >
                      {t('applicants.changeStatus')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {applicantStatuses
                      .filter((status): status is Exclude<ApplicantStatus, 'hired'> => status !== 'hired')
                      .filter((status) => status !== applicant.status)
                      .map((status) => (
                        <Menu.Item key={status} onClick={() => onMove(status)}>
                          {t(`applicants.statuses.${status}`)}
                        </Menu.Item>
                      ))}
                  </Menu.Dropdown>
                </Menu>
                <DangerButton onClick={onDelete} loading={remove.isPending}>
                  {t('common.delete')}
                </DangerButton>
              </>
            )}
            <PersonalDataMenu
              kind="applicants"
              id={applicant.id}
              name={name}
              hasFiles={applicant.cv !== null}
            />
          </>
        )
      }
    >
      {applicant.anonymizedAt ? <AnonymizedNotice at={applicant.anonymizedAt} keepsHours={false} /> : null}
      <DetailCard
        title={t('applicants.sections.identity')}
        rows={[
          // An anonymised applicant has no number left.
          {
            label: t('applicants.mobile'),
            value: applicant.phone ? <PhoneLink phone={applicant.phone} /> : null,
          },
          {
            label: t('applicants.email'),
            value: applicant.email ? <EmailLink email={applicant.email} /> : null,
          },
          { label: t('form.language'), value: t(`languages.${applicant.language}`) },
          { label: t('applicants.city'), value: applicant.city },
          ...(applicant.employee
            ? [
                {
                  label: t('applicants.employee'),
                  value: (
                    <Anchor
                      component={Link}
                      to={`/employees/${applicant.employee.id}`}
                      size="sm"
                      data-testid="hired-employee"
                    >
                      {t('applicants.viewEmployee', { number: applicant.employee.employeeNumber })}
                    </Anchor>
                  ),
                },
              ]
            : []),
        ]}
      />
      <DetailCard
        title={t('applicants.sections.trade')}
        rows={[
          {
            label: t('applicants.skills'),
            value: applicant.skills.map((skill) => localName(skill)).join(', ') || null,
          },
          {
            label: t('applicants.years'),
            value:
              applicant.yearsOfExperience === null
                ? null
                : t('applicants.yearsShort', { count: applicant.yearsOfExperience }),
          },
          {
            label: t('applicants.ccqCard'),
            value: applicant.ccqCardNumber
              ? [
                  applicant.ccqCardNumber,
                  applicant.ccqCardLevel ? t(`applicants.levels.${applicant.ccqCardLevel}`) : null,
                  applicant.ccqCardExpiresOn
                    ? `${t('applicants.ccqCardExpiresOn')} ${formatDate(applicant.ccqCardExpiresOn)}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : null,
          },
        ]}
      />
      <DetailCard
        title={t('applicants.sections.recruiting')}
        rows={[
          { label: t('applicants.source'), value: t(`applicants.sources.${applicant.source}`) },
          { label: t('applicants.availableOn'), value: formatDate(applicant.availableOn) || null },
        ]}
      />
      <DetailCard title={t('applicants.cv')}>
        <Stack gap="xs">
          {applicant.cv ? (
            <Group gap="xs">
              <IconFileText size={18} aria-hidden />
              <Text size="sm" fw={500} data-testid="applicant-cv-name">
                {applicant.cv.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatNumber(Math.max(1, Math.round(applicant.cv.size / 1024)))} Ko
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('applicants.noCv')}
            </Text>
          )}
          <Group gap="xs" hidden={applicant.anonymizedAt !== null}>
            <FileButton
              onChange={(file) => file && upload.mutate(file)}
              accept="application/pdf,image/jpeg,image/png,image/webp"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="compact-sm"
                  loading={upload.isPending}
                  data-testid="applicant-cv-upload"
                >
                  {applicant.cv ? t('applicants.replaceCv') : t('applicants.uploadCv')}
                </Button>
              )}
            </FileButton>
            {applicant.cv ? (
              <>
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={() => openCv(applicant.id).catch((error) => toast.error(errorMessage(error)))}
                >
                  {t('applicants.openCv')}
                </Button>
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={onRemoveCv}
                  data-testid="applicant-cv-remove"
                >
                  {t('applicants.removeCv')}
                </Button>
              </>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('applicants.cvHelp')}
          </Text>
        </Stack>
      </DetailCard>
      <DetailCard title={t('applicants.sections.notes')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={applicant.notes ? undefined : 'dimmed'}>
          {applicant.notes || t('common.empty')}
        </Text>
      </DetailCard>
      <DetailCard title={t('applicants.history')}>
        <Timeline bulletSize={12} lineWidth={2} data-testid="applicant-history">
          {applicant.history.map((step) => (
            <Timeline.Item
              key={step.id}
              title={
                step.fromStatus
                  ? t('applicants.historyStep', {
                      from: t(`applicants.statuses.${step.fromStatus}`),
                      to: t(`applicants.statuses.${step.toStatus}`),
                    })
                  : t('applicants.historyFirst', { to: t(`applicants.statuses.${step.toStatus}`) })
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(step.changedAt)}
                {step.changedBy
                  ? ` · ${t('applicants.by', { name: `${step.changedBy.firstName} ${step.changedBy.lastName}` })}`
                  : ''}
              </Text>
              {step.note ? <Text size="sm">{step.note}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      </DetailCard>
      <PersonPrivacyCard kind="applicants" id={applicant.id} />
      <HireModal applicant={applicant} opened={hiring} onClose={() => setHiring(false)} />
    </DetailPage>
  );
}

/** Hire: the suggested employee number (editable) and how to send the invitation. */
function HireModal({
  applicant,
  opened,
  onClose,
}: {
  applicant: ApplicantDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = `${applicant.firstName} ${applicant.lastName}`;
  const next = useQuery({ ...nextEmployeeNumberQuery, enabled: opened });
  const [typed, setTyped] = useState<string | null>(null);
  const [channel, setChannel] = useState<'sms' | 'email' | 'none'>('sms');
  const [error, setError] = useState<string | null>(null);
  const employeeNumber = typed ?? next.data?.employeeNumber ?? '';
  const hire = useApiMutation({
    ...hireApplicant(applicant.id),
    successKey: false,
    meta: { inlineErrorCodes: ['NAME_NOT_UNIQUE'] },
    onSuccess: () => {
      toast.success(t('applicants.hired', { name }));
      onClose();
    },
    onError: (failure) =>
      setError(
        isApiError(failure) && failure.code === 'NAME_NOT_UNIQUE'
          ? t(notUniqueMessageKey(String(failure.details?.field ?? 'employeeNumber')))
          : errorMessage(failure),
      ),
  });
  return (
    <Dialog opened={opened} onClose={onClose} title={t('applicants.hireTitle', { name })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!employeeNumber.trim()) return setError(t('validation.required'));
          hire.mutate({ employeeNumber: employeeNumber.trim(), invitationChannel: channel });
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{t('applicants.hireMessage', { name })}</Text>
          <TextInput
            label={t('applicants.employeeNumber')}
            withAsterisk
            value={employeeNumber}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="hire-number"
          />
          <Radio.Group
            label={t('applicants.invitation')}
            value={channel}
            onChange={(value) => setChannel(value as typeof channel)}
          >
            <Group gap="lg" mt={6}>
              <Radio value="sms" label={t('applicants.invitationSms')} />
              <Radio value="email" label={t('applicants.invitationEmail')} disabled={!applicant.email} />
              <Radio value="none" label={t('applicants.invitationNone')} />
            </Group>
          </Radio.Group>
          <DialogActions onCancel={onClose}>
            <Button
              type="submit"
              // Until the suggested number has come, there is nothing to hire with.
              loading={hire.isPending || (typed === null && next.isPending)}
              data-testid="hire-confirm"
            >
              {t('applicants.hire')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}
