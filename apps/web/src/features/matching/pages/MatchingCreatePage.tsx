import type { Candidate, OrderDetail } from '@brigade/shared/orders';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { Coverage, OrderStatusBadge, PriorityBadge } from '../../../components/OrderBadges.tsx';
import { OrderTimeline } from '../../../components/OrderTimeline.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useRecordTitle } from '../../../lib/documentTitle.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { assignWorkers, candidatesQuery, orderQuery, replaceAssignation } from '../api.ts';
import { CandidateList } from '../components/CandidateList.tsx';
import { OrderAssignations } from '../components/OrderAssignations.tsx';
import { exclusionText } from '../components/Reasons.tsx';
import { ScoreLegend } from '../components/ScoreLegend.tsx';

/**
 * Matching (spec §2 matching/create/{orderId}[/{assignmentId}]): every active employee ranked for
 * the order with the reasons in words; pick N → N pending assignations (their texts wait for the
 * office to send them), or pick the one who replaces an assignation.
 */
export default function MatchingCreatePage() {
  const { orderId = '', assignmentId } = useParams();
  const query = useQuery(orderQuery(orderId));
  if (!query.data) return <QueryState query={query} backHref="/matching" />;
  return <Matching order={query.data} replacingId={assignmentId ?? null} />;
}

function Matching({ order, replacingId }: { order: OrderDetail; replacingId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Mantine's lg breakpoint: the history beside the candidates, or after them on a narrower screen.
  const wide = useMediaQuery('(min-width: 75em)');
  useRecordTitle(`${order.site.name} — ${t('titles.matchingCreate')}`);
  const [showExcluded, setShowExcluded] = useState(false);
  const [limit, setLimit] = useState(100);
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [overriding, setOverriding] = useState(false);
  const [overrideReason, setOverrideReason] = useState('');
  const [search] = useDebouncedValue(filter.trim(), 250);
  const candidates = useQuery({
    ...candidatesQuery(order.id, showExcluded, limit, search),
    // The list stays while the next search's answer comes: no skeleton flash at each letter.
    placeholderData: keepPreviousData,
  });
  const replacing = replacingId ? order.assignations.find((each) => each.id === replacingId) : undefined;
  const replacingName = replacing ? `${replacing.employee.firstName} ${replacing.employee.lastName}` : '';
  const closed = order.status === 'cancelled' || order.status === 'done';
  const held = order.confirmed + order.pending - (replacing ? 1 : 0);
  const placesLeft = Math.max(0, order.workersNeeded - held);

  const shown = candidates.data?.items ?? [];
  // Every candidate seen in this visit, so that one picked before a search still counts after it.
  const seen = useRef(new Map<string, Candidate>());
  for (const each of shown) seen.current.set(each.employee.id, each);
  const byId = seen.current;
  const pickedExcluded = picked.flatMap((id) => {
    const candidate = byId.get(id);
    return candidate?.excluded ? [candidate] : [];
  });

  const assign = useApiMutation({
    ...assignWorkers(order.id),
    successKey: false,
    onSuccess: (outcome) => {
      toast.success(t('matching.assigned', { count: outcome.created.length }));
      setPicked([]);
      setOverriding(false);
      setOverrideReason('');
    },
  });
  const replace = useApiMutation({
    ...replaceAssignation(replacingId ?? ''),
    successKey: 'matching.replaced',
    onSuccess: () => navigate(`/matching/create/${order.id}`),
  });

  const toggle = (employeeId: string) =>
    setPicked((current) =>
      replacingId
        ? [employeeId]
        : current.includes(employeeId)
          ? current.filter((id) => id !== employeeId)
          : [...current, employeeId],
    );
  const submit = (reason?: string) => {
    const overrideReasonValue = reason?.trim() || undefined;
    if (replacingId) {
      const [employeeId] = picked;
      if (employeeId) replace.mutate({ employeeId, overrideReason: overrideReasonValue });
    } else assign.mutate({ employeeIds: picked, overrideReason: overrideReasonValue });
  };
  const onSubmit = () => (pickedExcluded.length > 0 ? setOverriding(true) : submit());
  const tooMany = !replacingId && picked.length > placesLeft;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/matching" size="sm" w="fit-content">
        ← {t('titles.matching')}
      </Anchor>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1}>
            {replacing ? t('matching.replacing', { name: replacingName }) : order.site.name}
          </Title>
          <OrderStatusBadge status={order.status} />
          <PriorityBadge priority={order.priority} />
        </Group>
        <Anchor component={Link} to={`/orders/${order.id}`} size="sm">
          {t('matching.openOrder')}
        </Anchor>
      </Group>
      {replacing ? <Alert color="blue">{t('matching.replacingHelp', { name: replacingName })}</Alert> : null}
      {closed ? <Alert color="gray">{t('matching.orderClosed')}</Alert> : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
          <Stack gap="md">
            <OrderSummary order={order} />
            <OrderAssignations order={order} closed={closed} />
            {/* On a phone the history comes after the candidates: picking comes first. */}
            {wide ? <OrderTimeline orderId={order.id} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-end" gap="sm">
                <Stack gap={0}>
                  <Group gap={4}>
                    <Title order={2} size="h4">
                      {t('matching.candidates')}
                    </Title>
                    <ScoreLegend />
                  </Group>
                  <Text size="xs" c="dimmed" aria-live="polite">
                    {candidates.data ? t('matching.candidatesCount', { count: candidates.data.total }) : ' '}
                  </Text>
                </Stack>
                <Group gap="sm" align="flex-end">
                  <TextInput
                    aria-label={t('matching.search')}
                    placeholder={t('matching.search')}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={filter}
                    onChange={(event) => setFilter(event.currentTarget.value)}
                    w={{ base: '100%', sm: 240 }}
                  />
                  <Switch
                    label={t('matching.showExcluded')}
                    checked={showExcluded}
                    onChange={(event) => setShowExcluded(event.currentTarget.checked)}
                  />
                </Group>
              </Group>
              {candidates.isPending ? (
                <LoadingStack gap={6}>
                  {[0, 1, 2, 3, 4].map((key) => (
                    <Skeleton key={key} h={64} />
                  ))}
                </LoadingStack>
              ) : shown.length === 0 ? (
                <Text size="sm" c="dimmed" py="lg" ta="center">
                  {filter ? t('matching.noMatch') : t('matching.noCandidates')}
                </Text>
              ) : (
                <CandidateList
                  order={order}
                  candidates={shown}
                  picked={picked}
                  onToggle={toggle}
                  single={Boolean(replacingId)}
                />
              )}
              {candidates.data && candidates.data.total > candidates.data.items.length && limit < 500 ? (
                <Button variant="subtle" onClick={() => setLimit(500)}>
                  {t('matching.more')}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
        {wide ? null : (
          <Grid.Col span={12} order={3}>
            <OrderTimeline orderId={order.id} />
          </Grid.Col>
        )}
      </Grid>
      {closed ? null : (
        <Paper
          withBorder
          p="sm"
          shadow="sm"
          style={{ position: 'sticky', bottom: 0, zIndex: 5 }}
          data-testid="matching-actions"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" c={tooMany ? 'red.9' : undefined} aria-live="polite">
              {tooMany
                ? t('matching.tooMany')
                : placesLeft > 0 || replacingId
                  ? t('matching.placesLeft', { count: replacingId ? 1 : placesLeft })
                  : t('matching.noPlaceLeft')}
            </Text>
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              disabled={picked.length === 0 || tooMany}
              loading={assign.isPending || replace.isPending}
              onClick={onSubmit}
              data-testid="assign"
            >
              {replacingId ? t('matching.replace') : t('matching.assign', { count: picked.length })}
            </Button>
          </Group>
        </Paper>
      )}
      <OverrideModal
        opened={overriding}
        order={order}
        excluded={pickedExcluded}
        reason={overrideReason}
        onReason={setOverrideReason}
        onClose={() => setOverriding(false)}
        onConfirm={() => submit(overrideReason)}
        loading={assign.isPending || replace.isPending}
      />
    </Stack>
  );
}

function OrderSummary({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="order-summary">
      <Stack gap={6}>
        <Title order={2} size="h4">
          {t('matching.orderSummary')}
        </Title>
        <Text size="sm" fw={600}>
          {order.client.name} — {order.site.name}
        </Text>
        <Text size="sm">
          {formatDateRange(order.startsOn, order.endsOn)} · {order.dailyStart}–{order.dailyEnd}
        </Text>
        <Coverage confirmed={order.confirmed} pending={order.pending} needed={order.workersNeeded} />
        <Text size="sm" c="dimmed">
          {order.skills.map((skill) => `${localName(skill)}${skill.mandatory ? ' *' : ''}`).join(', ')}
          {order.tools.length ? ` · ${order.tools.map((tool) => localName(tool)).join(', ')}` : ''}
          {order.heightMetres ? ` · ${order.heightMetres} m` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Assigning someone a hard rule leaves out needs a written reason, kept in the audit log. */
function OverrideModal(props: {
  opened: boolean;
  order: OrderDetail;
  excluded: Candidate[];
  reason: string;
  onReason: (value: string) => void;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const valid = props.reason.trim().length >= 5;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('matching.overrideTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('matching.overrideIntro')}</Text>
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {props.excluded.map((candidate) => (
            <Text component="li" size="sm" key={candidate.employee.id}>
              <b>
                {candidate.employee.firstName} {candidate.employee.lastName}
              </b>{' '}
              — {exclusionText(t, props.order, candidate.excluded as { code: string })}
            </Text>
          ))}
        </Stack>
        <GrowingTextarea
          label={t('matching.overrideReason')}
          required
          minRows={2}
          maxLength={500}
          value={props.reason}
          onChange={(event) => props.onReason(event.currentTarget.value)}
          data-autofocus
          data-testid="override-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!valid}
            loading={props.loading}
            onClick={props.onConfirm}
            data-testid="override-confirm"
          >
            {t('matching.overrideConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
