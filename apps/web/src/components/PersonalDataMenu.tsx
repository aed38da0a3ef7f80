import type { PersonKind } from '@brigade/shared/personal-data';
import { ActionIcon, Alert, Button, List, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconDownload, IconLock, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, dangerColor } from '../lib/confirm.tsx';
import { errorMessage } from '../lib/errors.ts';
import { formatDate } from '../lib/format.ts';
import { anonymizePerson, downloadPersonalData, expectedPseudonym } from '../lib/personalData.ts';
import { useApiMutation } from '../lib/queries.ts';
import { toast } from '../lib/toast.tsx';
import { SoftBadge } from './SoftBadge.tsx';
import { useCardLayout } from './useCardLayout.ts';

/**
 * "Données personnelles ▾" on a person's page (employee, applicant, supervisor), for the office
 * (Québec's Law 25): export their file (a ZIP), or anonymise them after a confirmation that names
 * what will be erased. An anonymised person has neither: the page says so instead.
 */
export function PersonalDataMenu({
  kind,
  id,
  name,
  hasFiles,
}: {
  kind: PersonKind;
  id: string;
  name: string;
  /** They may have files (a CV, receipt photos): the confirmation names them. */
  hasFiles: boolean;
}) {
  const { t } = useTranslation();
  const phone = useCardLayout();
  const [exporting, setExporting] = useState(false);
  const anonymize = useApiMutation({
    ...anonymizePerson(kind, id),
    successKey: false,
    onSuccess: (result) => toast.success(t('personalData.done', { name, pseudonym: result.pseudonym })),
  });

  const onExport = async () => {
    setExporting(true);
    try {
      const file = await downloadPersonalData(kind, id);
      toast.success(t('personalData.exported', { name: file }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const onAnonymize = async () => {
    const pseudonym = (await expectedPseudonym(id)) ?? t('personalData.anonymized');
    const erased = ['name', 'contact', ...(kind === 'employees' ? ['address'] : []), 'texts'];
    if (hasFiles) erased.push('files');
    erased.push('messages');
    if (kind !== 'applicants') erased.push('signIn');
    const ok = await confirmAction({
      title: t('personalData.confirmTitle', { name }),
      message: t('personalData.confirmMessage'),
      content: (
        <>
          <List size="sm" mt="xs" data-testid="anonymize-erased">
            {erased.map((what) => (
              <List.Item key={what}>{t(`personalData.erased.${what}`, { pseudonym })}</List.Item>
            ))}
          </List>
          <Text size="sm" mt="sm">
            {t('personalData.kept')}
          </Text>
        </>
      ),
      confirmLabel: t('personalData.confirm'),
      danger: true,
    });
    if (ok) anonymize.mutate();
  };

  return (
    <Menu position="bottom-end">
      <Menu.Target>
        {phone ? (
          // On a phone the record's actions fit one row: this one is its lock (as tall as the buttons
          // beside it), named for a screen reader.
          <ActionIcon
            variant="default"
            size="input-sm"
            loading={exporting || anonymize.isPending}
            aria-label={t('personalData.menu')}
            data-testid="personal-data-menu"
          >
            <IconLock size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            loading={exporting || anonymize.isPending}
            leftSection={<IconLock size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            data-testid="personal-data-menu"
          >
            {t('personalData.menu')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onExport}
          data-testid="personal-data-export"
        >
          {t('personalData.export')}
        </Menu.Item>
        <Menu.Item
          color={dangerColor}
          leftSection={<IconUserOff size={16} aria-hidden />}
          onClick={onAnonymize}
          data-testid="personal-data-anonymize"
        >
          {t('personalData.anonymize')}…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** "Anonymisé" beside the name of a person whose details were replaced by a pseudonym. */
export function AnonymizedBadge() {
  const { t } = useTranslation();
  return (
    <SoftBadge color="gray" dot data-testid="anonymized-badge">
      {t('personalData.anonymized')}
    </SoftBadge>
  );
}

/** The page of an anonymised person says what happened, across the page's cards. */
export function AnonymizedNotice({ at, keepsHours = true }: { at: string; keepsHours?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      icon={<IconUserOff size={18} aria-hidden />}
      style={{ gridColumn: '1 / -1' }}
      data-testid="anonymized-notice"
    >
      {t('personalData.anonymizedNotice', { date: formatDate(at) })}
      {keepsHours ? ` ${t('personalData.hoursKept')}` : null}
    </Alert>
  );
}
