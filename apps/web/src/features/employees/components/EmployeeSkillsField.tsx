import type { SkillOption } from '@brigade/shared/catalog';
import type { createEmployeeSchema } from '@brigade/shared/employees';
import { ActionIcon, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { daysUntil, formatDate } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import type { ZodForm } from '../../../lib/useZodForm.ts';
import classes from './EmployeeSkillsField.module.css';

type SkillRow = { skillId: string; obtainedOn: string | null; expiresOn: string | null };

/**
 * The skills an employee holds, in the employee's form: one compact row per skill (obtained,
 * expires — only for expirable skills, and "to enter" while it has none —, remove), and a picker
 * that adds the next one.
 * `skills` names every skill a row may hold (the catalogue's, and any held one since archived);
 * `options` are those the picker offers.
 */
export function EmployeeSkillsField({
  form,
  skills,
  options,
}: {
  form: ZodForm<typeof createEmployeeSchema>;
  skills: ReadonlyMap<string, SkillOption>;
  options: SkillOption[];
}) {
  const { t } = useTranslation();
  const rows = (form.getValues().skills ?? []) as SkillRow[];
  const chosen = new Set(rows.map((row) => row.skillId));

  // The picker empties itself after each pick, ready for the next skill.
  const [skillSearch, setSkillSearch] = useState('');
  const addSkill = (skillId: string | null) => {
    setSkillSearch('');
    if (!skillId || chosen.has(skillId)) return;
    form.insertListItem('skills', { skillId, obtainedOn: null, expiresOn: null });
  };

  return (
    <Stack gap="xs" data-testid="employee-skills">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('employees.noSkills')}
        </Text>
      ) : (
        <div className={classes.skillHeader} aria-hidden>
          <span>{t('employees.skill')}</span>
          <span>{t('employees.obtainedOn')}</span>
          <span>{t('employees.expiresOn')}</span>
        </div>
      )}
      {rows.map((row, index) => {
        const skill = skills.get(row.skillId);
        const name = skill ? localName(skill) : '…';
        const withExpiry = Boolean(skill?.expirable) || row.expiresOn !== null;
        const daysLeft = daysUntil(row.expiresOn);
        return (
          <div key={row.skillId} className={classes.skillRow} data-testid="employee-skill-row">
            <Text size="sm" fw={600} className={classes.skillName}>
              {name}
            </Text>
            <DateField
              label={t('employees.obtainedOn')}
              labelProps={{ className: classes.rowLabel }}
              size="sm"
              {...form.getInputProps(`skills.${index}.obtainedOn`)}
            />
            {withExpiry ? (
              <DateField
                label={t('employees.expiresOn')}
                labelProps={{ className: classes.rowLabel }}
                size="sm"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={
                  daysLeft !== null && daysLeft < 0 ? (
                    <Text span size="xs" c="red.9" fw={600} data-testid="skill-expired">
                      {t('employees.expiredOn', { date: formatDate(row.expiresOn) })}
                    </Text>
                  ) : skill?.expirable && !row.expiresOn ? (
                    t('expiry.toEnter')
                  ) : undefined
                }
                {...form.getInputProps(`skills.${index}.expiresOn`)}
              />
            ) : (
              <Text size="sm" c="dimmed" className={classes.noExpiry}>
                {t('employees.noExpiry')}
              </Text>
            )}
            <ActionIcon
              variant="subtle"
              color="red.9"
              className={classes.remove}
              aria-label={t('employees.removeSkill', { name })}
              onClick={() => form.removeListItem('skills', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </div>
        );
      })}
      <Select
        label={t('employees.addSkill')}
        placeholder={t('employees.addSkillPlaceholder')}
        searchable
        clearable
        value={null}
        onChange={addSkill}
        searchValue={skillSearch}
        onSearchChange={setSkillSearch}
        nothingFoundMessage={t('list.noResults')}
        data={options
          .filter((option) => !chosen.has(option.id))
          .map((option) => ({ value: option.id, label: localName(option) }))}
        maw={480}
        mt={4}
        data-testid="employee-add-skill"
      />
    </Stack>
  );
}
