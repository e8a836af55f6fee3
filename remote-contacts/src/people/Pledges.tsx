import { EditOutlined, FlagOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import {
  CAMPAIGNS_PATH,
  campaignPath,
  campaignPledgesPath,
  CONTACT_PLEDGES_PATH,
  DASHBOARD_CAMPAIGNS_PATH,
  type ContactPledge,
  type Member,
} from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { pledgeSchema } from '@ushirika/shared/validation';
import { formatMoney, LoadFailed, MoneyText, ScrollingTable, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Alert, App, Button, Card, Flex, Form, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { AmountInput } from './AmountInput';
import { loadContactPledges, loadOpenCampaigns, savePledge } from './pledges-api';

/** The Finance area's screen of one campaign (its progress and pledgers). */
const campaignScreen = (id: number) => `/finance/campaigns/${id}`;

/** What the pledge form holds: the campaign's id and the amount as exact decimal text. */
interface PledgeValues {
  campaign?: number;
  amount?: string;
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`.trim();

/** The contact's pledge to a campaign, when they made one (a contact who gave without pledging has none). */
const pledgeTo = (pledges: ContactPledge[], campaignId: number | undefined) => pledges.find((pledge) => pledge.campaignId === campaignId && pledge.pledgedAt !== null);

/**
 * Campaign and amount, then Save: POST /campaigns/{id}/pledges { contactId, amount }. The amount is the whole
 * pledge: choosing a campaign the contact has pledged to fills in their pledge, and the text says a save replaces
 * it. The amount is checked with the server's own rule (pledgeSchema); a refusal shows in the server's words, the
 * form kept.
 */
function PledgeForm({
  member,
  pledges,
  start,
  onSaved,
  onClose,
}: {
  member: Member;
  pledges: ContactPledge[];
  start?: number;
  onSaved: (campaignId: number) => Promise<void>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<PledgeValues>();
  const campaigns = useQuery({ queryKey: [CAMPAIGNS_PATH, 'open'], queryFn: ({ signal }) => loadOpenCampaigns(signal) });
  const chosen = Form.useWatch('campaign', form);
  const existing = pledgeTo(pledges, chosen);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();

  const choose = (campaignId: number | undefined) => {
    form.setFieldsValue({ campaign: campaignId, amount: pledgeTo(pledges, campaignId)?.pledged ?? '' });
  };
  // One open campaign (the usual case): it is the choice.
  const only = campaigns.data?.length === 1 ? campaigns.data[0]!.id : undefined;
  useEffect(() => {
    if (only !== undefined && form.getFieldValue('campaign') === undefined) choose(only);
    // `choose` reads only the pledges, which do not change while the dialog is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [only]);

  const save = async ({ campaign, amount }: PledgeValues) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await savePledge(campaign!, { contactId: member.id, amount: amount! });
      await onSaved(campaign!);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  if (campaigns.error) return <LoadFailed error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  const none = campaigns.data?.length === 0;
  return (
    <Form<PledgeValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ campaign: start, amount: pledgeTo(pledges, start)?.pledged ?? '' }}
      onFinish={(values) => void save(values)}
    >
      {none ? (
        <Alert type="info" showIcon title={text('people.pledges.noOpen')} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <Form.Item name="campaign" label={text('people.pledges.campaign')} rules={[{ required: true, message: text('people.pledges.campaign.required') }]}>
            <Select<number>
              options={campaigns.data?.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
              loading={campaigns.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={choose}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={text('people.pledges.amount')}
            validateTrigger="onSubmit"
            rules={[
              { required: true, message: text('people.pledges.amount.required') },
              {
                // The server's own rule (an amount with at most two decimals, more than 0).
                validator: async (_, amount: string | undefined) => {
                  if (!amount) return;
                  const valid = await pledgeSchema.validateAt('amount', { amount }).then(
                    () => true,
                    () => false,
                  );
                  if (!valid) throw new Error(text('people.pledges.amount.invalid'));
                },
              },
            ]}
            extra={
              <FormattedMessage
                id={existing ? 'people.pledges.replaces' : 'people.pledges.whole'}
                values={{ name: member.firstName || fullName(member), amount: existing ? formatMoney(existing.pledged, intl.locale) : '' }}
              />
            }
          >
            <AmountInput />
          </Form.Item>
        </>
      )}
      {failure !== undefined && <Alert type="error" showIcon title={translateText(intl, errorText(failure))} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="people.pledges.cancel" />
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy || none !== false}>
          <FormattedMessage id="people.pledges.save" />
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * 'Pledges' of a person's page (issue 30.2), for those who record income (finance.record): each campaign the
 * contact pledged or gave to, with what they pledged, paid and still owe, whether they fulfilled it and whether the
 * campaign is closed; 'Pledge' makes or changes their pledge to an open campaign. One column of figures each, so
 * on a phone the table fits or scrolls inside its card.
 */
export function PersonPledges({ member }: { member: Member }) {
  const intl = useIntl();
  const { modal, message } = App.useApp();
  const refresh = useRefreshAfterSave();
  const query = useQuery({ queryKey: [CONTACT_PLEDGES_PATH, member.id], queryFn: ({ signal }) => loadContactPledges(member.id, signal) });
  const pledges = query.data ?? [];
  const title = intl.formatMessage({ id: 'people.pledges.title' });
  const canPledge = !member.erased;

  // The contact's pledges, the campaign's figures and pledgers, and the dashboards' cards all changed.
  const saved = async (campaignId: number) => {
    await Promise.all(
      [CONTACT_PLEDGES_PATH, campaignPath(campaignId), campaignPledgesPath(campaignId), CAMPAIGNS_PATH, DASHBOARD_CAMPAIGNS_PATH].map((path) => refresh(path)),
    );
    void message.success(intl.formatMessage({ id: 'people.pledges.saved' }));
  };
  const open = (start?: number) => {
    const dialog = modal.info({
      title: intl.formatMessage({ id: 'people.pledges.dialog' }, { name: fullName(member) }),
      icon: null,
      footer: null,
      width: 480,
      // The dialog renders above the page's texts: they go with its content.
      content: (
        <RawIntlProvider value={intl}>
          <PledgeForm
            member={member}
            pledges={pledges}
            start={start}
            onSaved={async (campaignId) => {
              dialog.destroy();
              await saved(campaignId);
            }}
            onClose={() => dialog.destroy()}
          />
        </RawIntlProvider>
      ),
    });
  };

  const columns = [
    {
      key: 'campaign',
      title: intl.formatMessage({ id: 'people.pledges.column.campaign' }),
      dataIndex: 'campaignName',
      render: (name: string, pledge: ContactPledge) => (
        <Flex wrap gap={4} align="center">
          <Link to={campaignScreen(pledge.campaignId)}>{name}</Link>
          {pledge.fulfilled && (
            <Tag color="green">
              <FormattedMessage id="people.pledges.fulfilled" />
            </Tag>
          )}
          {pledge.campaignStatus === 'closed' && (
            <Tag>
              <FormattedMessage id="people.pledges.closed" />
            </Tag>
          )}
        </Flex>
      ),
    },
    ...(['pledged', 'paid', 'balance'] as const).map((field) => ({
      key: field,
      title: intl.formatMessage({ id: `people.pledges.column.${field}` }),
      dataIndex: field,
      align: 'right' as const,
      render: (value: string) => <MoneyText value={value} />,
    })),
    ...(canPledge
      ? [
          {
            key: 'change',
            title: '',
            render: (_: unknown, pledge: ContactPledge) =>
              pledge.campaignStatus === 'open' && (
                <Button
                  type="link"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={intl.formatMessage({ id: 'people.pledges.changeLabel' }, { campaign: pledge.campaignName })}
                  onClick={() => open(pledge.campaignId)}
                />
              ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={
        <>
          <FlagOutlined aria-hidden /> {title}
        </>
      }
      extra={
        canPledge && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => open()} disabled={!query.data}>
            <FormattedMessage id="people.pledges.button" />
          </Button>
        )
      }
    >
      {query.error ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <section aria-label={title}>
          <ScrollingTable<ContactPledge>
            size="small"
            columns={columns}
            dataSource={pledges}
            rowKey="id"
            pagination={false}
            loading={query.isPending}
            locale={{
              emptyText: query.isPending ? (
                <FormattedMessage id="kit.list.loading" />
              ) : (
                <Typography.Text type="secondary">
                  <FormattedMessage id="people.pledges.none" />
                </Typography.Text>
              ),
            }}
          />
        </section>
      )}
    </Card>
  );
}
