import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { TwoStepConfirmed, TwoStepEnrolment } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { DASHBOARD_PATH, downloadBlob, PageHeader, useDialogs } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { TWO_STEP_ROUTE } from '../layout/UserMenu';
import { refreshUser } from '../session/refresh-user';
import { confirmTwoStep, startTwoStep, turnOffTwoStep } from './account-api';
import { ScreenTexts } from '../screen-texts/ScreenTexts';

/** The QR code the server drew, as an image: an <img> never runs what an SVG might carry, unlike inline markup. */
function qrImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The secret in groups of four, as authenticator apps show and accept it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Reads the user again; a failure keeps the stored one (the next focus of the window tries again). */
const refreshQuietly = () => refreshUser().catch(() => undefined);

/** A code typed into a small form of its own: the first code of the app, or (to turn off) a code or recovery code. */
function CodeForm({ label, submit, children, danger = false }: { label: string; submit: (code: string) => Promise<void>; children: ReactNode; danger?: boolean }) {
  const intl = useIntl();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setMissing(!code);
    if (!code || busy) return;
    setBusy(true);
    try {
      await submit(code);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex vertical gap={8} style={{ maxWidth: 320 }}>
        <label htmlFor={id}>
          <FormattedMessage id={label} />
        </label>
        <Input id={id} name="code" autoComplete="one-time-code" maxLength={32} spellCheck={false} status={missing ? 'error' : undefined} />
        {missing && (
          <Typography.Text type="danger" role="alert">
            {translateText(intl, 'Enter the 6-digit code from your authenticator app, or a recovery code')}
          </Typography.Text>
        )}
        <div>
          <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
            {children}
          </Button>
        </div>
      </Flex>
    </form>
  );
}

/** The ten recovery codes, shown once: copied or downloaded now, or never seen again. */
function RecoveryCodes({ confirmed, onDone }: { confirmed: TwoStepConfirmed; onDone: () => void }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const text = confirmed.recoveryCodes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an address without https): the codes are on screen to write down or download.
    }
  };
  const download = () =>
    downloadBlob(new Blob([`${intl.formatMessage({ id: 'twoStep.codes.fileTitle' })}\n\n${text}\n`], { type: 'text/plain' }), 'ushirika-recovery-codes.txt');
  return (
    <>
      <Alert type="success" showIcon style={{ marginBottom: 16 }} title={translateText(intl, confirmed.status_msg)} />
      <Typography.Paragraph>
        <FormattedMessage id="twoStep.codes.text" />
      </Typography.Paragraph>
      <ul aria-label={intl.formatMessage({ id: 'twoStep.codes.title' })} style={{ columns: 2, maxWidth: 320, paddingLeft: 20, fontFamily: 'monospace', fontSize: 16 }}>
        {confirmed.recoveryCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Flex wrap gap={8}>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          <FormattedMessage id={copied ? 'twoStep.codes.copied' : 'twoStep.codes.copy'} />
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          <FormattedMessage id="twoStep.codes.download" />
        </Button>
        <Button type="primary" onClick={onDone}>
          <FormattedMessage id="twoStep.codes.done" />
        </Button>
      </Flex>
    </>
  );
}

/**
 * /account/two-step (issue 25): turns on the second step (scan the QR code or type the key into an authenticator
 * app, confirm with its first code, then keep the ten recovery codes shown once), or turns it off with a code.
 * When the partner requires it of the user's roles and it is not on yet, the host shows this screen at every
 * address: it says why, moves to its own address (where a refreshed user cannot take it away while the recovery
 * codes are on screen), and once done reads the user again so that the menus and screens return.
 */
function TwoStepScreen() {
  const intl = useIntl();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mustEnrol = useSession((state) => state.user?.mustEnrolTwoStep === true);
  const isOn = useSession((state) => state.user?.twoStep === true);
  const [enrolment, setEnrolment] = useState<TwoStepEnrolment | null>(null);
  const [confirmed, setConfirmed] = useState<TwoStepConfirmed | null>(null);
  const [starting, setStarting] = useState(false);
  // Whether the user came to enrol because it is required: when done, they go on to the dashboard.
  const [required] = useState(mustEnrol);
  useFirstScreenReady();

  // The stored user may be from before a change made elsewhere (an owner reset the second step).
  useEffect(() => void refreshQuietly(), []);

  if (mustEnrol && pathname !== TWO_STEP_ROUTE) return <Navigate to={TWO_STEP_ROUTE} replace />;

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await startTwoStep());
    } catch (error) {
      dialogs.error(error);
    } finally {
      setStarting(false);
    }
  };

  const confirm = async (code: string) => {
    try {
      setConfirmed(await confirmTwoStep(code));
      setEnrolment(null);
    } catch (error) {
      dialogs.error(error);
      return;
    }
    // The permissions follow at once: the menus appear while the codes are read.
    await refreshQuietly();
  };

  const done = () => {
    setConfirmed(null);
    if (required) navigate(DASHBOARD_PATH);
  };

  const turnOff = async (code: string) => {
    let said: string;
    try {
      said = (await turnOffTwoStep(code)).status_msg;
    } catch (error) {
      dialogs.error(error);
      return;
    }
    await refreshQuietly();
    await dialogs.success(said);
  };

  let body: ReactNode;
  if (confirmed) {
    body = <RecoveryCodes confirmed={confirmed} onDone={done} />;
  } else if (enrolment) {
    body = (
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage id="twoStep.scan" />
        </Typography.Paragraph>
        <img src={qrImage(enrolment.qrSvg)} alt={intl.formatMessage({ id: 'twoStep.qrAlt' })} width={200} height={200} style={{ background: '#fff' }} />
        <div>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            <FormattedMessage id="twoStep.typeKey" />
          </Typography.Paragraph>
          <Typography.Text code copyable={{ text: enrolment.secret }}>
            {/* A test id for the end-to-end journey, which reads the key to compute codes as the app would. */}
            <span data-testid="two-step-secret">{grouped(enrolment.secret)}</span>
          </Typography.Text>
        </div>
        <CodeForm label="twoStep.firstCode" submit={confirm}>
          <FormattedMessage id="twoStep.turnOn" />
        </CodeForm>
      </Flex>
    );
  } else if (isOn) {
    body = (
      <Flex vertical gap={16}>
        <Alert type="success" showIcon title={<FormattedMessage id="twoStep.isOn" />} />
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage id="twoStep.offText" />
        </Typography.Paragraph>
        <CodeForm label="twoStep.offCode" submit={turnOff} danger>
          <FormattedMessage id="twoStep.turnOff" />
        </CodeForm>
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap={16} align="flex-start">
        {mustEnrol && <Alert type="warning" showIcon title={<FormattedMessage id="twoStep.required" />} />}
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage id="twoStep.intro" />
        </Typography.Paragraph>
        <Button type="primary" loading={starting} onClick={() => void start()}>
          <FormattedMessage id="twoStep.start" />
        </Button>
      </Flex>
    );
  }

  return (
    <>
      <PageHeader title="account.twoStep" parent="header.profile" />
      <Card style={{ maxWidth: 760 }}>{body}</Card>
    </>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function TwoStepPage() {
  return (
    <ScreenTexts>
      <TwoStepScreen />
    </ScreenTexts>
  );
}
