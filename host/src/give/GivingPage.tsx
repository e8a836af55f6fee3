import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useParams } from 'react-router-dom';
import { errorText } from '@ushirika/shared/api';
import type { GivingPage as GivingPageData } from '@ushirika/shared/contract';
import { MoreTexts, translateText } from '@ushirika/shared/i18n';
import { useFirstScreenReady } from '../layout/boot-loader';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { LoginAlert, LoginNotice } from '../login/LoginCard';
import { LOGIN_CSS } from '../login/login-styles';
import { useBrowserLanguage } from './browser-language';
import { useGiftProgress, type FollowTiming, type GiftProgress } from './follow-gift';
import { readGivingPage, sendGift } from './give-api';
import { readAmount, readPhone, type Problem } from './give-input';
import { GIVE_CSS } from './give-styles';
import * as giveTexts from './messages';

/** `failed`: the server's words (English, shown translated) or 'no answer'. */
type Reading = { state: 'loading' } | { state: 'ready'; page: GivingPageData } | { state: 'missing' } | { state: 'failed'; text: string };

/** What the member typed, kept while a prompt is followed so that 'Give again' starts from it. */
interface Typed {
  fund: number | null;
  amount: string;
  phone: string;
}

/** The prompt sent: its id, followed until M-Pesa answers, and the amount it asks for. */
interface Sent {
  checkoutRequestId: string;
  amount: string;
}

type Problems = Partial<Record<'fund' | 'amount' | 'phone', Problem>>;

/** The status of a failed call: ky's HTTPError carries the answer; none when nothing came back. */
function answerStatus(failure: unknown): number | undefined {
  const status = (failure as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A refused prompt in words: 429 the page's own text, else the server's words (400, 502…) or 'no answer'. */
function sendFailureText(intl: IntlShape, failure: unknown): string {
  if (answerStatus(failure) === 429) return intl.formatMessage({ id: 'give.tooMany' });
  return translateText(intl, errorText(failure));
}

/** The page's frame: the login screen's background and card CSS, and the giving page's own. */
function GiveFrame({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <main className="login give" aria-busy={busy}>
      <style href="login" precedence="default">
        {LOGIN_CSS}
      </style>
      <style href="give" precedence="default">
        {GIVE_CSS}
      </style>
      {children}
    </main>
  );
}

/** The card once the page has its answer (the boot loader goes): the partner's name as its title and the language switch. */
function GiveCard({ title, children }: { title: string; children: ReactNode }) {
  useFirstScreenReady();
  return (
    <div className="login-card">
      <div className="login-head">
        <h1>{title}</h1>
        <LanguageSwitch />
      </div>
      {children}
    </div>
  );
}

/** A field's note and, after a refused 'Give', its problem, both read with the field (aria-describedby). */
function FieldNotes({ id, note, problem }: { id: string; note?: string; problem?: string }) {
  return (
    <>
      {note && (
        <p className="give-note" id={`${id}-note`}>
          {note}
        </p>
      )}
      {problem && (
        <p className="give-problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, note: boolean, problem: boolean) => [note && `${id}-note`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;

interface TextFieldProps {
  id: string;
  name: string;
  /** The label's message id. */
  label: string;
  type?: 'text' | 'tel';
  inputMode: 'numeric' | 'tel';
  autoComplete: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  note: string;
  problem: string | undefined;
}

/** One labelled box of the form (the amount, the phone), with its note and its problem read with it. */
function TextField({ id, label, type = 'text', value, onChange, note, problem, ...input }: TextFieldProps) {
  return (
    <div className="login-field">
      <label htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <input
        id={id}
        type={type}
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, true, Boolean(problem))}
      />
      <FieldNotes id={id} note={note} problem={problem} />
    </div>
  );
}

interface GiveFormProps {
  code: string;
  page: GivingPageData;
  typed: Typed;
  onType: (typed: Typed) => void;
  onSent: (sent: Sent) => void;
}

/** The fund, the amount and the phone, checked here first, then 'Give' sends the prompt. */
function GiveForm({ code, page, typed, onType, onSent }: GiveFormProps) {
  const intl = useIntl();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Counts the refused 'Give's: each one takes the focus to the first field refused, once its problem is drawn.
  const [refusals, setRefusals] = useState(0);
  const bounds = { min: intl.formatNumber(Number(page.minAmount)), max: intl.formatNumber(Number(page.maxAmount)) };
  const problemText = (problem: Problem | undefined) => problem && intl.formatMessage({ id: problem }, bounds);

  const change = (field: keyof Typed, value: Typed[keyof Typed]) => {
    onType({ ...typed, [field]: value });
    if (problems[field]) setProblems({ ...problems, [field]: undefined });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const amount = readAmount(typed.amount, page.minAmount, page.maxAmount);
    const phone = readPhone(typed.phone);
    const found: Problems = {
      fund: typed.fund === null ? 'give.fund.missing' : undefined,
      amount: 'problem' in amount ? amount.problem : undefined,
      phone: 'problem' in phone ? phone.problem : undefined,
    };
    setProblems(found);
    setFailure(null);
    if (typed.fund === null || 'problem' in amount || 'problem' in phone) {
      setRefusals((count) => count + 1);
      return;
    }
    setSubmitting(true);
    try {
      const { checkoutRequestId } = await sendGift(code, { fund: typed.fund, amount: amount.amount, phone: phone.phone });
      onSent({ checkoutRequestId, amount: amount.amount });
    } catch (refused) {
      setFailure(sendFailureText(intl, refused));
      setSubmitting(false);
    }
  };

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  return (
    <>
      <LoginAlert text={failure} />
      <form ref={form} onSubmit={onSubmit} noValidate>
        <fieldset className={problems.fund ? 'give-funds give-funds-refused' : 'give-funds'}>
          <legend>
            <FormattedMessage id="give.fund" />
          </legend>
          {page.funds.map((fund, index) => (
            <label className="give-fund" key={fund.id}>
              <input
                type="radio"
                name="fund"
                value={fund.id}
                checked={typed.fund === fund.id}
                onChange={() => change('fund', fund.id)}
                aria-invalid={problems.fund && index === 0 ? true : undefined}
                aria-describedby={describedBy(`${id}-fund`, false, Boolean(problems.fund))}
              />
              {fund.name}
            </label>
          ))}
          <FieldNotes id={`${id}-fund`} problem={problemText(problems.fund)} />
        </fieldset>
        <TextField
          id={`${id}-amount`}
          name="amount"
          label="give.amount"
          inputMode="numeric"
          autoComplete="off"
          maxLength={15}
          value={typed.amount}
          onChange={(value) => change('amount', value)}
          note={intl.formatMessage({ id: 'give.amount.hint' }, bounds)}
          problem={problemText(problems.amount)}
        />
        <TextField
          id={`${id}-phone`}
          name="phone"
          label="give.phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          value={typed.phone}
          onChange={(value) => change('phone', value)}
          note={intl.formatMessage({ id: 'give.phone.hint' })}
          problem={problemText(problems.phone)}
        />
        <button className="login-submit" type="submit" aria-busy={submitting}>
          {intl.formatMessage({ id: 'give.submit' })}
        </button>
      </form>
    </>
  );
}

/** The words for what a prompt came to, other than waiting. */
const OUTCOME_TEXT: Record<Exclude<GiftProgress, 'waiting'>, string> = {
  paid: 'give.paid',
  cancelled: 'give.cancelled',
  timeout: 'give.timeout',
  failed: 'give.failed',
  stopped: 'give.stopped',
};

/** The prompt followed: 'check your phone' while waiting, then what it came to and 'Give again'. */
function GiftFollowed({ progress, amount, partner, onAgain }: { progress: GiftProgress; amount: string; partner: string; onAgain: () => void }) {
  const intl = useIntl();
  const shown = useRef<HTMLDivElement>(null);
  const values = { amount: intl.formatNumber(Number(amount)), partner };
  // Each new state takes the focus: a screen reader reads it, and the keyboard is at 'Give again' next.
  useEffect(() => shown.current?.focus(), [progress]);

  if (progress === 'waiting') {
    return (
      <div className="give-progress" role="status" tabIndex={-1} ref={shown}>
        <span className="give-spinner" aria-hidden="true" />
        <div>
          <p className="give-message">{intl.formatMessage({ id: 'give.waiting' }, values)}</p>
          <p className="give-note">{intl.formatMessage({ id: 'give.waiting.hint' })}</p>
        </div>
      </div>
    );
  }
  const text = intl.formatMessage({ id: OUTCOME_TEXT[progress] }, values);
  return (
    <>
      <div tabIndex={-1} ref={shown} className="give-outcome">
        {progress === 'paid' && <LoginNotice text={text} />}
        {progress === 'stopped' && (
          <div className="give-progress" role="status">
            <p>{text}</p>
          </div>
        )}
        {progress !== 'paid' && progress !== 'stopped' && <LoginAlert text={text} />}
      </div>
      <button className="login-submit" type="button" onClick={onAgain}>
        {intl.formatMessage({ id: 'give.again' })}
      </button>
    </>
  );
}

/**
 * /give/{code} (public, issue 29.3): the partner's name, the funds its treasurer opened for giving, the amount and
 * the M-Pesa phone; 'Give' sends an M-Pesa Express prompt to that phone and the page follows it to paid, cancelled,
 * timed out or failed. A plain page like the login's: a member opens it from a link on a phone.
 */
function GivingScreen({ follow }: { follow?: FollowTiming }) {
  const intl = useIntl();
  const code = useParams().code ?? '';
  const [reading, setReading] = useState<Reading>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [typed, setTyped] = useState<Typed>({ fund: null, amount: '', phone: '' });
  const [sent, setSent] = useState<Sent | null>(null);
  const progress = useGiftProgress(code, sent?.checkoutRequestId ?? null, follow);

  useEffect(() => {
    const abort = new AbortController();
    readGivingPage(code, abort.signal).then(
      (page) => {
        setReading({ state: 'ready', page });
        // One fund: nothing to choose.
        const [only, ...others] = page.funds;
        if (only && others.length === 0) setTyped((before) => ({ ...before, fund: only.id }));
      },
      (failure: unknown) => {
        if (abort.signal.aborted) return;
        setReading(answerStatus(failure) === 404 ? { state: 'missing' } : { state: 'failed', text: errorText(failure) });
      },
    );
    return () => abort.abort();
  }, [code, attempt]);

  if (reading.state === 'loading') {
    return (
      <GiveFrame busy>
        <p className="give-loading" role="status">
          <FormattedMessage id="app.loading" />
        </p>
      </GiveFrame>
    );
  }

  const title = intl.formatMessage({ id: 'give.title' });

  if (reading.state === 'missing') {
    return (
      <GiveFrame>
        <GiveCard title={title}>
          <LoginAlert text={intl.formatMessage({ id: 'give.notFound' })} />
          <p className="login-subtitle">
            <FormattedMessage id="give.notFound.hint" />
          </p>
        </GiveCard>
      </GiveFrame>
    );
  }

  if (reading.state === 'failed') {
    return (
      <GiveFrame>
        <GiveCard title={title}>
          <LoginAlert text={translateText(intl, reading.text)} />
          <button className="login-submit" type="button" onClick={() => setAttempt((count) => count + 1)}>
            {intl.formatMessage({ id: 'give.retry' })}
          </button>
        </GiveCard>
      </GiveFrame>
    );
  }

  const { page } = reading;
  return (
    <GiveFrame>
      <GiveCard title={page.partner.name}>
        <p className="login-subtitle">
          <FormattedMessage id="give.subtitle" />
        </p>
        {sent && progress ? (
          <GiftFollowed progress={progress} amount={sent.amount} partner={page.partner.name} onAgain={() => setSent(null)} />
        ) : page.funds.length === 0 ? (
          <LoginNotice text={intl.formatMessage({ id: 'give.noFunds' })} />
        ) : (
          <GiveForm code={code} page={page} typed={typed} onType={setTyped} onSent={setSent} />
        )}
      </GiveCard>
    </GiveFrame>
  );
}

/** The giving page with its texts, which load with it, in the member's language (the browser's, or the one chosen). */
export function GivingPage({ follow }: { follow?: FollowTiming }) {
  useBrowserLanguage();
  return (
    <MoreTexts messages={giveTexts}>
      <GivingScreen follow={follow} />
    </MoreTexts>
  );
}
