import { Button, Card, Flex, Form } from 'antd';
import { Formik, validateYupSchema, yupToFormErrors } from 'formik';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { AnyObjectSchema, InferType } from 'yup';
import { useSession } from '@ushirika/shared/session';
import { useRefreshAfterSave, useDialogs, type Label, PageHeader, staleSaveOf } from '@ushirika/shared/ui';
import { RequiredFields, requiredFields } from './context';
import type { FieldValue } from './fields';

/** The form's values: one entry per schema field, as the inputs hold them. */
export type FormValues<S extends AnyObjectSchema> = Record<keyof InferType<S> & string, FieldValue>;

export interface FormPageProps<S extends AnyObjectSchema> {
  title: Label;
  parent: Label;
  /** The shared yup schema: the same one the server validates with. */
  schema: S;
  /** Every field of the schema (Formik marks only these touched on submit). */
  initialValues: FormValues<S>;
  /** Sends the schema's clean output (trimmed, typed, unknown keys dropped); throws on failure. */
  save: (body: InferType<S>) => Promise<unknown>;
  /** Text of the 'Awesome!' dialog: an English catalogue id, e.g. 'New meeting saved successfully!'. */
  successText: string;
  /** The list to return to after saving or on Cancel. */
  backTo: string;
  /**
   * An edit form's record read again (EditRecord's `reload`): offered when the save is refused because someone
   * changed the record after the form read it. The screen then shows the record as it is now.
   */
  reload?: () => void;
  /**
   * The API path saved to: its lists and choices are refetched after a save (see useRefreshAfterSave).
   * Several when the save changes more than one list (a send changes the messages and the balance).
   */
  refreshes?: string | readonly string[];
  /** The fields (TextField, SelectField, ...) in display order. */
  children: ReactNode;
}

/**
 * A whole form screen (spec 4): validation with the shared schema, Submit disabled while saving,
 * 'Awesome!' then back to the list on success, 'Error!' on failure with every typed value kept,
 * Cancel back to the list without saving. An edit form whose record changed meanwhile says who changed it
 * and offers the record as it is now (`reload`), never writing over it.
 */
export function FormPage<S extends AnyObjectSchema>({ title, parent, schema, initialValues, save, successText, backTo, refreshes, reload, children }: FormPageProps<S>) {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const navigate = useNavigate();
  const required = useMemo(() => requiredFields(schema), [schema]);
  // The server validates with the same schema and the same context: local phone numbers are read in the
  // partner's country.
  const country = useSession((state) => state.user?.Partner.country);
  const context = useMemo(() => ({ country }), [country]);
  const validate = (values: FormValues<S>) => validateYupSchema(values, schema, false, context).then(() => ({}), yupToFormErrors);

  const submit = async (values: FormValues<S>) => {
    try {
      await save(schema.cast(values, { stripUnknown: true, context }) as InferType<S>);
    } catch (error) {
      // A save the user backed out of (an SMS preview cancelled): nothing was saved, nothing to say.
      if (error instanceof Error && error.name === 'AbortError') return;
      // Someone saved the record after this form read it: nothing was saved; say who, and offer the record as it is now.
      const stale = reload && staleSaveOf(error);
      if (stale) {
        if (await dialogs.stale(stale)) reload();
        return;
      }
      // Formik keeps the values as they are: the user fixes what the server refused and submits again.
      dialogs.error(error);
      return;
    }
    for (const path of typeof refreshes === 'string' ? [refreshes] : (refreshes ?? [])) void refresh(path);
    dialogs.success(successText);
    navigate(backTo);
  };

  return (
    <>
      <PageHeader title={title} parent={parent} />
      {/* One column of fields reads best at a measured width, also on wide screens. */}
      <Card style={{ maxWidth: 760 }}>
        <RequiredFields.Provider value={required}>
          <Formik<FormValues<S>> initialValues={initialValues} validate={validate} onSubmit={submit}>
            {({ handleSubmit, isSubmitting }) => (
              // antd's Form only for layout and field styling; Formik owns the values and validation.
              <Form layout="vertical" component={false}>
                <form onSubmit={handleSubmit} noValidate>
                  {children}
                  <Flex gap={8}>
                    <Button type="primary" htmlType="submit" loading={isSubmitting} disabled={isSubmitting}>
                      <FormattedMessage id="kit.form.submit" />
                    </Button>
                    <Button onClick={() => navigate(backTo)} disabled={isSubmitting}>
                      <FormattedMessage id="kit.form.cancel" />
                    </Button>
                  </Flex>
                </form>
              </Form>
            )}
          </Formik>
        </RequiredFields.Provider>
      </Card>
    </>
  );
}
