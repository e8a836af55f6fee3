import { translateText } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { useLabel, type Label } from '@ushirika/shared/ui';
import { Button, Flex, Form, type FormRule } from 'antd';
import { Children, createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';

/**
 * What QueryForm needs of a shared yup schema (structurally, so this area needs no yup of its own): the check
 * of one field against all the values (a field may depend on another: the end date on the start date), and
 * the cast of the values the server would make (a phone number normalised).
 */
export interface QuerySchema<Query> {
  /** yup's declared output type (InferType). */
  __outputType: Query;
  validateAt(path: string, values: object, options: { context: object }): Promise<unknown>;
  cast(values: object, options: { stripUnknown: boolean; context: object }): unknown;
}

export interface QueryFormProps<Query> {
  /** The shared schema the server checks the same query with: its messages show under the fields. */
  schema: QuerySchema<Query>;
  initialValues: Record<string, string | number>;
  /** Called with the schema's clean output; a failure is the caller's to show. */
  onShow: (query: Query) => Promise<void>;
  /** QueryField elements, laid out in a row that wraps on narrow screens. */
  children: ReactNode;
}

/** The rules of the field `name`: the shared schema's verdict on it, translated like every schema message. */
function schemaRules<Query>(schema: QuerySchema<Query>, context: object, intl: IntlShape): (name: string) => FormRule[] {
  const rulesOf = (name: string): FormRule[] => [
    (form) => ({
      validator: async () => {
        try {
          await schema.validateAt(name, form.getFieldsValue(true) as object, { context });
        } catch (error) {
          throw new Error(translateText(intl, error instanceof Error ? error.message : String(error)), { cause: error });
        }
      },
    }),
  ];
  // One array per field for the form's life: Form.Item compares its rules on every render.
  const made = new Map<string, FormRule[]>();
  return (name) => {
    const rules = made.get(name) ?? rulesOf(name);
    made.set(name, rules);
    return rules;
  };
}

/** The form's rules, for its fields. */
const QueryRules = createContext<(name: string) => FormRule[]>(() => []);

export interface QueryFieldProps {
  /** The query's key (also the schema's). */
  name: string;
  label: Label;
  /** A note under the input, always shown. */
  hint?: Label;
  /** Fields whose change checks this one again (the end date: the start date). */
  dependencies?: string[];
  /** The input (antd Input, Select…): the form gives it its value, id and events. */
  children: ReactNode;
}

/** One field of a QueryForm: label, input, and the schema's message under it. Every field of a query is required. */
export function QueryField({ name, label, hint, dependencies, children }: QueryFieldProps) {
  const text = useLabel();
  return (
    <Form.Item
      name={name}
      label={text(label)}
      required
      rules={useContext(QueryRules)(name)}
      dependencies={dependencies}
      extra={hint === undefined ? undefined : text(hint)}
    >
      {children}
    </Form.Item>
  );
}

/**
 * A report's question: a few fields side by side and 'Show'. The kit's FormPage is for saving a record and
 * leaving; its fields live in its Formik context, which this area cannot share (Formik is bundled inside the
 * kit). So this is an antd form whose rules are the shared schema's, field by field.
 */
export function QueryForm<Query>({ schema, initialValues, onShow, children }: QueryFormProps<Query>) {
  const intl = useIntl();
  // As FormPage: local phone numbers are read in the partner's country, as the server reads them.
  const country = useSession((state) => state.user?.Partner.country);
  const context = useMemo(() => ({ country }), [country]);
  const rules = useMemo(() => schemaRules(schema, context, intl), [schema, context, intl]);
  const [busy, setBusy] = useState(false);
  const show = async (values: object) => {
    setBusy(true);
    try {
      await onShow(schema.cast(values, { stripUnknown: true, context }) as Query);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" initialValues={initialValues} onFinish={(values: object) => void show(values)}>
      <QueryRules.Provider value={rules}>
        <Flex wrap gap={16} align="flex-start">
          {Children.map(children, (field) => (
            <div style={{ flex: '1 1 200px', maxWidth: 320 }}>{field}</div>
          ))}
          {/* Level with the inputs: the fields' labels sit above them, their messages below. */}
          <Form.Item label=" ">
            <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
              <FormattedMessage id="reports.show" />
            </Button>
          </Form.Item>
        </Flex>
      </QueryRules.Provider>
    </Form>
  );
}
