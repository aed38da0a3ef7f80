import type { MyAssignation } from '@brigade/shared/assignations';
import { formatPhone } from '@brigade/shared/format';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { companyToday, longDate } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { answerMyAssignation, myAssignationsQuery } from '../api.ts';
import classes from './MyAssignations.module.css';

/** The next few, so the week's hours stay near the top of a phone's screen; the rest on demand. */
const shownAtFirst = 2;

const shortDay = (day: string) => longDate(day, { weekday: 'short', month: 'short', year: undefined });

/** "Lun. 30 nov." for one day, "Lun. 30 nov. → ven. 4 déc." for several (the first and last it works). */
function daysLabel(days: string[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  return first === last ? shortDay(first) : `${shortDay(first)} → ${shortDay(last)}`;
}

/** The site's address on one line, as a map search understands it. */
function addressOf(site: MyAssignation['site']): string {
  return [site.street, site.city, site.province, site.postalCode].filter(Boolean).join(', ');
}

/** A map of the site (the phone opens its maps app): its point when known, else its address. */
function mapHref(site: MyAssignation['site']): string | null {
  const where =
    site.latitude !== null && site.longitude !== null
      ? `${site.latitude},${site.longitude}`
      : addressOf(site);
  return where ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}` : null;
}

/** Where, when, who to call: what a worker needs on the way to a site. */
function AssignationDetails({ item }: { item: MyAssignation }) {
  const { t } = useTranslation();
  const address = addressOf(item.site);
  const map = mapHref(item.site);
  return (
    <Stack gap={6}>
      <div>
        <Text fw={700}>{item.site.name}</Text>
        <Text size="sm" c="dimmed">
          {item.client.name}
        </Text>
      </div>
      <Text size="sm">
        {daysLabel(item.days)} · {item.dailyStart}–{item.dailyEnd}
      </Text>
      {address ? (
        map ? (
          <Anchor href={map} target="_blank" rel="noopener" size="sm" className={classes.action}>
            <IconMapPin size={18} aria-hidden />
            <span>
              {address}
              <VisuallyHidden> — {t('myAssignations.openMap')}</VisuallyHidden>
            </span>
          </Anchor>
        ) : (
          <Text size="sm">{address}</Text>
        )
      ) : null}
      {item.supervisor ? (
        item.supervisor.phone ? (
          <Anchor href={`tel:${item.supervisor.phone}`} size="sm" className={classes.action}>
            <IconPhone size={18} aria-hidden />
            <span>
              {t('myAssignations.call', {
                name: `${item.supervisor.firstName} ${item.supervisor.lastName}`,
                phone: formatPhone(item.supervisor.phone),
              })}
            </span>
          </Anchor>
        ) : (
          <Text size="sm">
            {t('myAssignations.supervisor', {
              name: `${item.supervisor.firstName} ${item.supervisor.lastName}`,
            })}
          </Text>
        )
      ) : null}
    </Stack>
  );
}

/**
 * The worker's home, above their hours: the offers sent to them, to accept or decline (as their SMS
 * reply would), and their confirmed assignations from today over two weeks.
 */
export function MyAssignations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(myAssignationsQuery);
  const answer = useApiMutation({
    ...answerMyAssignation,
    successKey: false,
    onSuccess: (mine, { answer: given }) => {
      // The answer is the list as it is now: shown at once, without asking again.
      queryClient.setQueryData(myAssignationsQuery.queryKey, mine);
      toast.success(t(given === 'confirmed' ? 'myAssignations.accepted' : 'myAssignations.declined'));
    },
  });
  const [showAll, setShowAll] = useState(false);
  const today = companyToday();
  const title = t('myAssignations.title');

  if (query.isPending) {
    return (
      <LoadingStack gap="xs">
        <Skeleton h={28} w={200} />
        <Skeleton h={96} />
      </LoadingStack>
    );
  }
  // A secondary panel: when it cannot load, the hours below still can; say it in one line.
  if (!query.data) {
    return (
      <Text size="sm" c="dimmed" data-testid="my-assignations-error">
        {t('myAssignations.loadFailed')}
      </Text>
    );
  }
  const { confirmed, pending } = query.data;
  const decline = async (item: MyAssignation) => {
    const sure = await confirmAction({
      title: t('myAssignations.declineTitle'),
      message: t('myAssignations.declineMessage', { site: item.site.name, days: daysLabel(item.days) }),
      confirmLabel: t('myAssignations.decline'),
      danger: true,
    });
    if (sure) answer.mutate({ id: item.id, answer: 'declined' });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-assignations-title" data-testid="my-assignations">
      {pending.length ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('myAssignations.offers', { count: pending.length })}
          </Title>
          {pending.map((item) => (
            <Card key={item.id} withBorder padding="sm" className={classes.offer} data-testid="my-offer">
              <AssignationDetails item={item} />
              <Group grow mt="sm" gap="xs">
                <Button
                  size="md"
                  onClick={() => answer.mutate({ id: item.id, answer: 'confirmed' })}
                  loading={
                    answer.isPending &&
                    answer.variables?.id === item.id &&
                    answer.variables.answer === 'confirmed'
                  }
                  disabled={answer.isPending}
                >
                  {t('myAssignations.accept')}
                </Button>
                <Button
                  size="md"
                  variant="default"
                  onClick={() => void decline(item)}
                  loading={
                    answer.isPending &&
                    answer.variables?.id === item.id &&
                    answer.variables.answer === 'declined'
                  }
                  disabled={answer.isPending}
                >
                  {t('myAssignations.decline')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}

      <Title order={2} size="h3" id="my-assignations-title">
        {title}
      </Title>
      {confirmed.length ? (
        (showAll ? confirmed : confirmed.slice(0, shownAtFirst)).map((item) => (
          <Card key={item.id} withBorder padding="sm" data-testid="my-assignation">
            {item.days.includes(today) ? (
              <SoftBadge color="green" mb={6}>
                {t('myAssignations.today')}
              </SoftBadge>
            ) : null}
            <AssignationDetails item={item} />
          </Card>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {t('myAssignations.none')}
        </Text>
      )}
      {!showAll && confirmed.length > shownAtFirst ? (
        <Button
          variant="subtle"
          size="md"
          onClick={() => setShowAll(true)}
          data-testid="my-assignations-more"
        >
          {t('myAssignations.more', { count: confirmed.length - shownAtFirst })}
        </Button>
      ) : null}
    </Stack>
  );
}
