import type { Language } from '@brigade/shared';
import { employeeStatuses } from '@brigade/shared/enums';
import { formatPhone } from '@brigade/shared/format';
import type { ComposeInput, InboxType } from '@brigade/shared/messages';
import { smsLength } from '@brigade/shared/sms';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClock, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SitePicker } from '../../../components/SitePicker.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import {
  employeeSearchQuery,
  inboxPaths,
  savePending,
  sendNow,
  skillOptionsQuery,
  supervisorSearchQuery,
} from '../api.ts';
import classes from '../components/Messages.module.css';
import { reportOutcome } from '../components/PendingList.tsx';
import { SegmentCounter, SmsTextarea } from '../components/SegmentCounter.tsx';

interface Person {
  id: string;
  label: string;
  language: Language;
  phone: string | null;
}

const composableTypes: InboxType[] = ['General', 'Assignation'];

/**
 * messages/create: one person, a hand-picked list, or a group of employees (status, skill,
 * language); a French and an English text, each recipient getting their own language's, with the
 * live SMS count; saved as pending (to review) or sent now.
 */
export default function ComposePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initialType = searchParams.get('type');
  const [type, setType] = useState<InboxType>(
    composableTypes.includes(initialType as InboxType) ? (initialType as InboxType) : 'General',
  );
  const [mode, setMode] = useState<'people' | 'filter'>('people');
  const [people, setPeople] = useState<Map<string, Person>>(new Map());
  const [filter, setFilter] = useState<GroupFilterValue>({
    status: null,
    skillId: null,
    siteId: null,
    language: null,
  });
  const [texts, setTexts] = useState<Record<Language, string>>({ fr: '', en: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = [...people.values()];
  const languagesNeeded: Language[] =
    mode === 'people'
      ? (['fr', 'en'] as const).filter((language) => chosen.some((person) => person.language === language))
      : filter.language
        ? [filter.language as Language]
        : ['fr', 'en'];

  const compose = (): ComposeInput | null => {
    if (mode === 'people' && chosen.length === 0) {
      setProblem(t('messages.chooseRecipients'));
      return null;
    }
    const missing = languagesNeeded.filter((language) => !texts[language].trim());
    if (missing.length > 0) {
      setProblem(
        t('messages.textMissing', { languages: missing.map((l) => t(`languages.${l}`)).join(', ') }),
      );
      return null;
    }
    setProblem(null);
    const recipients =
      mode === 'people'
        ? { userIds: chosen.map((person) => person.id) }
        : {
            filter: {
              ...(filter.status ? { status: filter.status as (typeof employeeStatuses)[number] } : {}),
              ...(filter.skillId ? { skillId: filter.skillId } : {}),
              ...(filter.siteId ? { siteId: filter.siteId } : {}),
              ...(filter.language ? { language: filter.language as Language } : {}),
            },
          };
    const chosenTexts = Object.fromEntries(
      languagesNeeded.map((language) => [language, texts[language].trim()]),
    ) as ComposeInput['texts'];
    return { type, recipients, texts: chosenTexts };
  };

  const afterwards = (tab?: 'pending') => navigate(`${inboxPaths[type]}${tab ? '?tab=pending' : ''}`);
  const onError = (error: Error) => setProblem(errorMessage(error));
  const save = useApiMutation({
    ...savePending,
    successKey: false,
    onSuccess: (outcome) => {
      reportOutcome(outcome, t, 'saved');
      afterwards('pending');
    },
    onError,
  });
  const send = useApiMutation({
    ...sendNow,
    successKey: false,
    onSuccess: (outcome) => {
      reportOutcome(outcome, t);
      afterwards();
    },
    onError,
  });
  const busy = save.isPending || send.isPending;

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>{t('titles.messagesCreate')}</Title>
      <Paper withBorder p="md" radius="sm">
        <Stack gap="md">
          <Group gap="lg" wrap="wrap" align="flex-end">
            <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
              <Text size="sm" fw={500} id="compose-type">
                {t('messages.type')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="compose-type"
                value={type}
                onChange={(value) => setType(value as InboxType)}
                data={composableTypes.map((value) => ({ value, label: t(`messages.types.${value}`) }))}
              />
            </Stack>
            <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
              <Text size="sm" fw={500} id="compose-mode">
                {t('messages.recipients')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="compose-mode"
                value={mode}
                onChange={(value) => setMode(value as 'people' | 'filter')}
                data={[
                  { value: 'people', label: t('messages.somePeople') },
                  { value: 'filter', label: t('messages.aGroup') },
                ]}
                data-testid="compose-mode"
              />
            </Stack>
          </Group>
          {mode === 'people' ? (
            <PeoplePicker people={people} onChange={setPeople} />
          ) : (
            <GroupFilter filter={filter} onChange={setFilter} />
          )}
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {(['fr', 'en'] as const).map((language) => (
          <Paper key={language} withBorder p="md" radius="sm">
            <Stack gap="xs">
              <SmsTextarea
                label={t(`messages.text.${language}`)}
                description={
                  mode === 'people' && chosen.length === 0
                    ? t('messages.textForLanguage')
                    : languagesNeeded.includes(language)
                      ? mode === 'people'
                        ? t('messages.textFor', {
                            count: chosen.filter((person) => person.language === language).length,
                          })
                        : t('messages.textForGroup')
                      : t('messages.textNotNeeded')
                }
                value={texts[language]}
                onChange={(value) => setTexts((current) => ({ ...current, [language]: value }))}
                counterId={`count-${language}`}
                data-testid={`text-${language}`}
              />
              <SegmentCounter text={texts[language]} id={`count-${language}`} />
              {texts[language].trim() ? (
                <div className={classes.preview} data-testid={`preview-${language}`}>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('messages.preview')}
                  </Text>
                  <div className={classes.bubbleRow} data-direction="out">
                    <div className={classes.bubble} data-direction="out">
                      <Text size="sm" className={classes.bubbleText}>
                        {texts[language]}
                      </Text>
                    </div>
                  </div>
                </div>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>

      {problem ? (
        <Alert color="red" role="alert" data-testid="compose-problem">
          {problem}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => navigate(-1)} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconClock size={16} aria-hidden />}
          loading={save.isPending}
          disabled={busy}
          onClick={() => {
            const input = compose();
            if (input) save.mutate(input);
          }}
          data-testid="compose-save-pending"
        >
          {t('messages.saveAsPending')}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          loading={send.isPending}
          disabled={busy}
          onClick={async () => {
            const input = compose();
            if (!input) return;
            const count = mode === 'people' ? chosen.length : null;
            const segments = Math.max(
              ...languagesNeeded.map((language) => smsLength(texts[language]).segments),
            );
            const sure = await confirmAction({
              title: count === null ? t('messages.sendToGroupTitle') : t('messages.sendTitle', { count }),
              message: t('messages.sendMessage', { count: segments }),
              confirmLabel: t('messages.sendNow'),
            });
            if (sure) send.mutate(input);
          }}
          data-testid="compose-send"
        >
          {t('messages.sendNow')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Employees and supervisors, searched on the server as one types. */
function PeoplePicker({
  people,
  onChange,
}: {
  people: Map<string, Person>;
  onChange: (people: Map<string, Person>) => void;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const employees = useQuery(employeeSearchQuery(q));
  const supervisors = useQuery(supervisorSearchQuery(q));
  const [known, setKnown] = useState<Map<string, Person>>(new Map());

  const found = useMemo(() => {
    const list: Person[] = [];
    for (const e of employees.data?.items ?? []) {
      list.push({
        id: e.id,
        label: `${e.lastName}, ${e.firstName} — ${e.phone ? formatPhone(e.phone) : t('messages.noMobile')}`,
        language: e.language,
        phone: e.phone,
      });
    }
    for (const s of supervisors.data?.items ?? []) {
      list.push({
        id: s.id,
        label: `${s.lastName}, ${s.firstName} (${t('messages.supervisor')}) — ${s.phone ? formatPhone(s.phone) : t('messages.noMobile')}`,
        language: s.language,
        phone: s.phone,
      });
    }
    return list;
  }, [employees.data, supervisors.data, t]);

  useEffect(() => {
    setKnown((current) => {
      const next = new Map(current);
      for (const person of found) next.set(person.id, person);
      return next;
    });
  }, [found]);

  // messages/create?to=<id>: that person is chosen once they are found.
  const to = searchParams.get('to');
  const toPerson = to ? known.get(to) : undefined;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!toPerson || prefilled.current) return;
    prefilled.current = true;
    onChange(new Map(people).set(toPerson.id, toPerson));
  }, [toPerson, people, onChange]);

  const data = [...new Map([...people, ...found.map((person) => [person.id, person] as const)]).values()].map(
    (person) => ({ value: person.id, label: person.label }),
  );
  return (
    <MultiSelect
      label={t('messages.people')}
      placeholder={people.size === 0 ? t('messages.peoplePlaceholder') : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={[...people.keys()]}
      onChange={(ids) => {
        const next = new Map<string, Person>();
        for (const id of ids) {
          const person = people.get(id) ?? known.get(id);
          if (person) next.set(id, person);
        }
        onChange(next);
      }}
      nothingFoundMessage={employees.isFetching ? t('common.loading') : t('list.noResults')}
      maxDropdownHeight={320}
      clearable
      data-testid="compose-people"
    />
  );
}

/** The group's criteria; null is "any". */
interface GroupFilterValue {
  status: string | null;
  skillId: string | null;
  siteId: string | null;
  language: string | null;
}

function GroupFilter({
  filter,
  onChange,
}: {
  filter: GroupFilterValue;
  onChange: (filter: GroupFilterValue) => void;
}) {
  const { t } = useTranslation();
  const skills = useQuery(skillOptionsQuery);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('messages.groupHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('messages.byStatus')}
          placeholder={t('messages.anyStatus')}
          clearable
          value={filter.status}
          onChange={(status) => onChange({ ...filter, status })}
          data={employeeStatuses.map((status) => ({ value: status, label: t(`employeeStatuses.${status}`) }))}
        />
        <Select
          label={t('messages.bySkill')}
          placeholder={t('messages.anySkill')}
          clearable
          searchable
          value={filter.skillId}
          onChange={(skillId) => onChange({ ...filter, skillId })}
          data={(skills.data?.items ?? []).map((skill) => ({ value: skill.id, label: localName(skill) }))}
        />
        <SitePicker
          label={t('messages.bySite')}
          placeholder={t('messages.anySite')}
          clearable
          value={filter.siteId}
          onChange={(siteId) => onChange({ ...filter, siteId })}
          data-testid="compose-filter-site"
        />
        <Select
          label={t('messages.byLanguage')}
          placeholder={t('messages.anyLanguage')}
          clearable
          value={filter.language}
          onChange={(language) => onChange({ ...filter, language })}
          data={(['fr', 'en'] as const).map((language) => ({
            value: language,
            label: t(`languages.${language}`),
          }))}
          data-testid="compose-filter-language"
        />
      </SimpleGrid>
    </Stack>
  );
}
