import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACTIVITY_AREAS, ACTIVITY_ENTITIES, ACTOR_TYPES, STAFF_PATH, type ActivityArea } from '@ushirika/shared/contract';
import { ActionButton, ActivityTable, ActivityTexts, DateInput, activityTextIds, downloadBlob, PageHeader, useOptions, usePermitted } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { ScreenTexts } from '../screen-texts/ScreenTexts';
import { activityLoader, downloadActivity, loadAllStaff, NO_FILTERS, type ActivityFilters } from './activity-api';

/** The one area a user who may read only the finance events (a treasurer) sees. */
const FINANCE: ActivityArea = 'finance';

/** The product's own writers, after the staff in the person filter. */
const WRITERS = ACTOR_TYPES.filter((type) => type !== 'staff');

/** Every staff member (for who may list the staff) and then 'M-Pesa', 'SMS gateway', 'System', 'Ops'. */
function usePersonChoices() {
  const intl = useIntl();
  const mayListStaff = usePermitted('staff.manage');
  const staff = useOptions(STAFF_PATH, async (signal) =>
    mayListStaff ? (await loadAllStaff(signal)).map((member) => ({ value: String(member.id), label: member.name })) : [],
  );
  const writers = WRITERS.map((type) => ({ value: type, label: intl.formatMessage({ id: activityTextIds.actor(type) }) }));
  return {
    loading: staff.loading,
    options: [
      { value: '', label: intl.formatMessage({ id: 'activity.filter.everyone' }) },
      ...staff.options.map((o) => ({ value: String(o.value), label: o.label })),
      ...writers,
    ],
  };
}

/** The filters: person, area (a treasurer's is finance, fixed), kind of record and its id, dates; Show applies them. */
function Filters({ financeOnly, onShow }: { financeOnly: boolean; onShow: (filters: ActivityFilters) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ActivityFilters>();
  const people = usePersonChoices();
  const area = Form.useWatch('area', form) ?? '';
  const areas = financeOnly ? [FINANCE] : ACTIVITY_AREAS;
  const entities = Object.entries(ACTIVITY_ENTITIES)
    .filter(([, entityArea]) => (area === '' ? areas.includes(entityArea) : entityArea === area))
    .map(([entity]) => ({ value: entity, label: intl.formatMessage({ id: activityTextIds.entity(entity) }) }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  const initialValues: ActivityFilters = { ...NO_FILTERS, area: financeOnly ? FINANCE : '' };
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Form<ActivityFilters>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      aria-label={label('activity.filters')}
      onFinish={(values) => onShow({ ...NO_FILTERS, ...values, ...(financeOnly ? { area: FINANCE } : {}) })}
      onValuesChange={(changed: Partial<ActivityFilters>) => {
        // A kind of record of another area than the one just chosen no longer fits.
        if (changed.area !== undefined) form.setFieldValue('entity', '');
      }}
    >
      <Flex wrap gap={12} align="flex-end">
        <Form.Item name="user" label={label('activity.filter.person')} style={{ minWidth: 200, marginBottom: 8 }}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={people.loading} options={people.options} />
        </Form.Item>
        <Form.Item name="area" label={label('activity.filter.area')} style={{ minWidth: 160, marginBottom: 8 }}>
          <Select
            disabled={financeOnly}
            options={[
              ...(financeOnly ? [] : [{ value: '', label: label('activity.filter.allAreas') }]),
              ...areas.map((value) => ({ value, label: intl.formatMessage({ id: activityTextIds.area(value) }) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="entity" label={label('activity.filter.entity')} style={{ minWidth: 200, marginBottom: 8 }}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={[{ value: '', label: label('activity.filter.allEntities') }, ...entities]} />
        </Form.Item>
        <Form.Item name="entityid" label={label('activity.filter.entityId')} style={{ width: 120, marginBottom: 8 }}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="startdate" label={label('activity.filter.startdate')} style={{ marginBottom: 8 }}>
          <DateInput />
        </Form.Item>
        <Form.Item name="enddate" label={label('activity.filter.enddate')} style={{ marginBottom: 8 }}>
          <DateInput />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<FilterOutlined aria-hidden />}>
              <FormattedMessage id="activity.filter.show" />
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onShow(initialValues);
              }}
            >
              <FormattedMessage id="activity.filter.clear" />
            </Button>
          </Flex>
        </Form.Item>
      </Flex>
    </Form>
  );
}

/**
 * Settings → Activity (issue 26.2): the partner's activity log, newest first, filtered by person, area, record and
 * dates, paged like every list, exported as CSV with the same filters. Owners (activity.read) see everything; a
 * treasurer (activity.finance) the finance events, which the server also enforces.
 */
function ActivityScreen() {
  useFirstScreenReady();
  const financeOnly = !usePermitted('activity.read');
  const [filters, setFilters] = useState<ActivityFilters>(() => ({ ...NO_FILTERS, area: financeOnly ? FINANCE : '' }));
  const load = useMemo(() => activityLoader(filters), [filters]);
  const download = async () => {
    const file = await downloadActivity(filters);
    downloadBlob(file.blob, file.fileName);
  };
  return (
    <>
      <PageHeader
        title="settings.activity.title"
        parent="menu.settings"
        extra={<ActionButton labelId="activity.export" icon={<DownloadOutlined aria-hidden />} run={download} />}
      />
      {financeOnly && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={<FormattedMessage id="activity.financeOnly" />} />}
      <Card style={{ marginBottom: 16 }}>
        <Filters financeOnly={financeOnly} onShow={setFilters} />
      </Card>
      <Card>
        {/* Keyed by the filters: new filters start again at page 1. */}
        <ActivityTable key={JSON.stringify(filters)} load={load} />
      </Card>
    </>
  );
}

/** The screen with its texts and the log's (the names of actions, records, areas), which load with it. */
export function ActivityPage() {
  return (
    <ScreenTexts>
      <ActivityTexts>
        <ActivityScreen />
      </ActivityTexts>
    </ScreenTexts>
  );
}
