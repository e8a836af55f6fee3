import { SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { ATTENDANCE_SAVED, MAX_ATTENDEES, meetingsEndpoint, type Attendee, type Meeting, type MeetingAttendees } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { DateText, EditRecord, PageHeader, staleSaveOf, useDialogs, usePermitted, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Alert, Button, Card, Flex, Input, InputNumber, Spin, Statistic, Typography } from 'antd';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { meetings } from '../meetings/resource';
import { loadGroupPeople, loadRegister, saveRegister, searchContacts } from './api';
import { fullName, matching, registerPeople } from './register';

/** The most visitors the server counts (shared/src/validation/meetings.ts MAX_VISITORS). */
const MAX_VISITORS = 100_000;
/** A 400 naming how many of the ids are no longer contacts (api/src/meetings/attendance-routes.ts). */
const UNKNOWN_NAMES = /^(\d+) of the names (is|are) not among your contacts/;

/**
 * One name of the register: a plain checkbox and its label. Memoised, so ticking one name draws one row, and
 * laid out only when scrolled near (content-visibility), so 500 names stay quick on a phone.
 */
const PersonRow = memo(function PersonRow({ person, checked, onToggle }: { person: Attendee; checked: boolean; onToggle: (id: number) => void }) {
  return (
    <li style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 44px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <label style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 44, padding: '4px 8px', cursor: 'pointer' }}>
        <input type="checkbox" checked={checked} onChange={() => onToggle(person.memberId)} style={{ width: 20, height: 20, flex: 'none' }} />
        <span>
          {fullName(person)} <Typography.Text type="secondary">{person.phone}</Typography.Text>
        </span>
      </label>
    </li>
  );
});

/** Search any contact by name or number and add them to the register, ticked (someone from outside the group). */
function AddSomeone({ onAdd }: { onAdd: (person: Attendee) => void }) {
  const intl = useIntl();
  const [searchKey, setSearchKey] = useState('');
  const found = useQuery({
    queryKey: ['member', 'attendance-search', searchKey],
    queryFn: ({ signal }) => searchContacts(searchKey, signal),
    enabled: searchKey !== '',
  });
  const label = intl.formatMessage({ id: 'attendance.search' });
  return (
    <Card size="small" title={<FormattedMessage id="attendance.addSomeone" />}>
      <Input.Search allowClear placeholder={label} aria-label={label} onSearch={(text) => setSearchKey(text.trim())} loading={found.isFetching} />
      {found.error ? <Alert type="error" showIcon style={{ marginTop: 8 }} title={translateText(intl, errorText(found.error))} /> : null}
      {found.data && (
        <ul aria-label={intl.formatMessage({ id: 'attendance.found' })} style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
          {found.data.length === 0 && (
            <li>
              <Typography.Text type="secondary">
                <FormattedMessage id="kit.list.empty" />
              </Typography.Text>
            </li>
          )}
          {found.data.map((person) => (
            <li key={person.memberId}>
              <Button
                type="text"
                block
                icon={<UserAddOutlined aria-hidden />}
                onClick={() => onAdd(person)}
                style={{ justifyContent: 'flex-start', height: 'auto', padding: '6px 8px' }}
              >
                {fullName(person)} <Typography.Text type="secondary">{person.phone}</Typography.Text>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

interface RegisterProps {
  meeting: Meeting;
  register: MeetingAttendees;
  groupPeople: readonly Attendee[];
  groupError: unknown;
  reload: () => void;
}

/** The register itself: names with checkboxes, visitors, the headcount as it will be, and Save. */
function Register({ meeting, register, groupPeople, groupError, reload }: RegisterProps) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const refresh = useRefreshAfterSave();
  const writes = usePermitted('meetings.write');
  const [added, setAdded] = useState<Attendee[]>([]);
  const people = useMemo(() => registerPeople(groupPeople, [...register.attendees, ...added]), [groupPeople, register.attendees, added]);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set(register.attendees.map((person) => person.memberId)));
  const [visitors, setVisitors] = useState(register.visitors);
  const [typed, setTyped] = useState('');
  const filter = useDeferredValue(typed);
  const shown = useMemo(() => matching(people, filter), [people, filter]);
  const [saving, setSaving] = useState(false);
  const [unknownNames, setUnknownNames] = useState<number | undefined>();

  const toggle = useCallback(
    (id: number) =>
      setTicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const add = (person: Attendee) => {
    if (!people.some((known) => known.memberId === person.memberId)) setAdded((current) => [...current, person]);
    setTicked((current) => new Set(current).add(person.memberId));
  };
  const tickAllShown = () => setTicked((current) => new Set([...current, ...shown.map((person) => person.memberId)]));

  const save = async () => {
    setSaving(true);
    setUnknownNames(undefined);
    try {
      await saveRegister(meeting.id, { memberIds: [...ticked], visitors, version: register.version });
    } catch (error) {
      setSaving(false);
      const stale = staleSaveOf(error);
      if (stale) {
        if (await dialogs.stale(stale)) reload();
        return;
      }
      const unknown = UNKNOWN_NAMES.exec(errorText(error));
      if (unknown) setUnknownNames(Number(unknown[1]));
      else dialogs.error(error);
      return;
    }
    void refresh(meetingsEndpoint.path);
    await dialogs.success(ATTENDANCE_SAVED);
    navigate(meetings.routes.list);
  };

  const filterLabel = intl.formatMessage({ id: 'attendance.filter' });
  const tooMany = ticked.size > MAX_ATTENDEES;
  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        <DateText value={meeting.dateOfMeeting} /> · {meeting.MeetingType.name} · {meeting.subject}
        {meeting.Group ? ` · ${meeting.Group.name}` : ''}
      </Typography.Text>
      <Flex gap={24} wrap align="end">
        <Statistic title={intl.formatMessage({ id: 'attendance.ticked' })} value={ticked.size} />
        <label>
          <div>
            <FormattedMessage id="attendance.visitors" />
          </div>
          <InputNumber
            min={0}
            max={MAX_VISITORS}
            precision={0}
            value={visitors}
            onChange={(value) => setVisitors(typeof value === 'number' ? value : 0)}
            aria-label={intl.formatMessage({ id: 'attendance.visitors' })}
            inputMode="numeric"
          />
        </label>
        <Statistic title={intl.formatMessage({ id: 'attendance.headcount' })} value={ticked.size + visitors} />
      </Flex>
      {!meeting.groupId && <Alert type="info" showIcon title={intl.formatMessage({ id: 'attendance.noGroup' })} />}
      {groupError ? <Alert type="error" showIcon title={translateText(intl, errorText(groupError))} /> : null}
      <AddSomeone onAdd={add} />
      <Card
        size="small"
        title={<FormattedMessage id="attendance.names" values={{ count: people.length }} />}
        extra={
          <Button size="small" onClick={tickAllShown} disabled={shown.length === 0}>
            <FormattedMessage id="attendance.tickShown" />
          </Button>
        }
      >
        <Input
          allowClear
          placeholder={filterLabel}
          aria-label={filterLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          style={{ marginBottom: 8 }}
        />
        {shown.length === 0 ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="kit.list.empty" />
          </Typography.Text>
        ) : (
          <ul aria-label={intl.formatMessage({ id: 'attendance.list' })} style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}>
            {shown.map((person) => (
              <PersonRow key={person.memberId} person={person} checked={ticked.has(person.memberId)} onToggle={toggle} />
            ))}
          </ul>
        )}
      </Card>
      {unknownNames !== undefined && <Alert type="error" showIcon title={intl.formatMessage({ id: 'attendance.unknownNames' }, { count: unknownNames })} />}
      {tooMany && <Alert type="error" showIcon title={intl.formatMessage({ id: 'attendance.tooMany' }, { max: MAX_ATTENDEES })} />}
      {writes && (
        <Flex gap={8}>
          <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={saving} disabled={saving || tooMany} onClick={() => void save()}>
            <FormattedMessage id="attendance.save" />
          </Button>
          <Button onClick={() => navigate(meetings.routes.list)} disabled={saving}>
            <FormattedMessage id="kit.form.cancel" />
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/** The meeting's register and its group's members, read once the meeting is: the register's version is what the save sends. */
function MeetingRegister({ meeting, reload }: { meeting: Meeting; reload: () => void }) {
  const intl = useIntl();
  const register = useQuery({
    queryKey: [meetingsEndpoint.path, 'attendees', meeting.id, meeting.version],
    queryFn: ({ signal }) => loadRegister(meeting.id, signal),
    gcTime: 0,
  });
  const groupId = register.data?.groupId ?? null;
  const group = useQuery({
    queryKey: ['groupmembers', groupId, 'all'],
    queryFn: ({ signal }) => loadGroupPeople(groupId!, signal),
    enabled: groupId !== null,
    gcTime: 0,
  });
  if (register.error) return <Alert type="error" showIcon title={translateText(intl, errorText(register.error))} />;
  if (!register.data || (groupId !== null && group.isPending)) {
    return (
      <Flex vertical align="center" gap={8} role="status">
        <Spin />
        <FormattedMessage id="kit.list.loading" />
      </Flex>
    );
  }
  return <Register meeting={meeting} register={register.data} groupPeople={group.data ?? []} groupError={group.error ?? undefined} reload={reload} />;
}

/**
 * /meetings/attendance/<id> (issue 28.4): the register of a meeting. The meeting is read first, then its register,
 * then every member of its group (pages of a hundred, one after another). After a save refused over a newer
 * version, it starts again from the meeting and register as they are now.
 */
export function AttendancePage() {
  return (
    <>
      <PageHeader title="attendance.title" parent="meetings.heading" />
      <EditRecord<Meeting> endpoint={meetingsEndpoint} backTo={meetings.routes.list}>
        {(meeting, reload) => <MeetingRegister key={meeting.version} meeting={meeting} reload={reload} />}
      </EditRecord>
    </>
  );
}
