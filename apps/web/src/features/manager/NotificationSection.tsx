import { zodResolver } from '@hookform/resolvers/zod';
import { managerRoutes, type Language } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCircle2, ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { post } from '../../api/client';
import { useGet, usePost } from '../../api/queries';
import { Empty, Loading, LoadError } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { useRefocus } from '../../components/use-refocus';
import { errorText, fieldErrors } from './errors';
import styles from './manager.module.css';

/** add_notification's fields (without language, which the page chooses), `external` as a checkbox. */
const formSchema = z
  .object({ ...managerRoutes.addNotificationInput.shape, external: z.boolean() })
  .omit({ language: true })
  .superRefine((v, ctx) => {
    if (v.external && !v.link) ctx.addIssue({ code: 'custom', path: ['link'], message: 'needsLink' });
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** How a learner will see the notification on the home page. */
function Preview({ values }: { values: Partial<FormInput> }) {
  const { t } = useTranslation('manager');
  const name = values.name?.trim() || t('notification.previewEmptyName');
  return (
    <div className={styles.preview} data-testid="notification-preview">
      <p className={styles.eyebrow}>{t('notification.previewTitle')}</p>
      <article className={styles.notice}>
        <Bell aria-hidden size={20} />
        <div>
          <h3>{name}</h3>
          {values.description?.trim() && <p>{values.description}</p>}
          {values.link?.trim() && (
            <a
              href={values.link}
              target={values.external ? '_blank' : undefined}
              rel={values.external ? 'noopener noreferrer' : undefined}
            >
              {t('notification.open')}
              {values.external && <ExternalLink aria-hidden size={14} />}
              {values.external && <span className="visually-hidden"> {t('common:menu.opensNewTab')}</span>}
            </a>
          )}
        </div>
      </article>
    </div>
  );
}

/** Section 2: a notification for the learners of one language, previewed before it is published. */
export function NotificationSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const defaults: FormInput = { alias: '', name: '', description: '', external: false, link: '' };
  const form = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults });
  const [stage, setStage] = useState<'edit' | 'preview'>('edit');
  const [published, setPublished] = useState<string | null>(null);
  const values = form.watch();
  const list = useGet('manager_notifications', { language });
  const status = usePost('set_notification_status', ['manager_notifications', 'notifications']);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const submit = useRef<HTMLButtonElement>(null);
  // Enter in a field shows the preview and disables the field, and Edit goes once pressed: the focus moves on to
  // Publish, or back to the first field.
  useRefocus(stage === 'edit' ? nameInput : submit, stage);

  const publish = useMutation({
    mutationFn: (v: FormValues) =>
      post('add_notification', { ...v, language, external: v.external ? 1 : 0, link: v.link ?? '' }),
    onSuccess: async (created) => {
      setPublished(created.name);
      setStage('edit');
      form.reset(defaults);
      await client.invalidateQueries({ queryKey: ['manager_notifications'] });
      await client.invalidateQueries({ queryKey: ['notifications'] });
    },
    onError: (error) => {
      setStage('edit');
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        form.setError(name as keyof FormInput, { message });
      }
    },
  });

  const error = (name: keyof FormInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? (
      <span className={styles.fieldError} id={`notification-${name}-error`}>
        {message === 'needsLink' ? t('notification.needsLink') : message}
      </span>
    ) : null;
  };
  const field = (name: keyof FormInput) => ({
    ...form.register(name),
    id: `notification-${name}`,
    'aria-invalid': form.formState.errors[name] ? true : undefined,
    'aria-describedby': form.formState.errors[name] ? `notification-${name}-error` : undefined,
  });

  const name = field('name');

  return (
    <section className={styles.section} aria-labelledby="notification-title">
      <div className={styles.split}>
        <form
          className={styles.card}
          noValidate
          data-testid="notification-form"
          onSubmit={form.handleSubmit((v) => {
            setPublished(null);
            if (stage === 'edit') setStage('preview');
            else publish.mutate(v);
          })}
        >
          <h2 id="notification-title">
            {t('notification.formTitle', { language: t(`common:languages.${language}`) })}
          </h2>
          <fieldset className={styles.plain} disabled={stage === 'preview' || publish.isPending}>
            <div className={styles.field}>
              <label htmlFor="notification-name">{t('notification.name')}</label>
              <input
                {...name}
                ref={(element) => {
                  name.ref(element);
                  nameInput.current = element;
                }}
              />
              {error('name')}
            </div>
            <div className={styles.field}>
              <label htmlFor="notification-alias">{t('notification.alias')}</label>
              <input {...field('alias')} autoComplete="off" spellCheck={false} />
              <span className={styles.help}>{t('notification.aliasHelp')}</span>
              {error('alias')}
            </div>
            <div className={styles.field}>
              <label htmlFor="notification-description">{t('notification.description')}</label>
              <textarea {...field('description')} rows={3} />
              {error('description')}
            </div>
            <div className={styles.field}>
              <label htmlFor="notification-link">{t('notification.link')}</label>
              <input {...field('link')} type="text" inputMode="url" placeholder="https://" />
              <span className={styles.help}>{t('notification.linkHelp')}</span>
              {error('link')}
            </div>
            <label className={styles.check}>
              <input type="checkbox" {...form.register('external')} data-testid="notification-external" />
              <span>{t('notification.external')}</span>
            </label>
          </fieldset>
          {publish.isError && (
            <p className={styles.formError} role="alert">
              {errorText(t, publish.error)}
            </p>
          )}
          {published && (
            <p className={styles.success} role="status" data-testid="notification-published">
              <CheckCircle2 aria-hidden size={20} />
              <span>{t('notification.published', { name: published })}</span>
            </p>
          )}
          <div className={styles.actions}>
            {stage === 'preview' && (
              <button type="button" className={styles.secondary} onClick={() => setStage('edit')}>
                {t('notification.edit')}
              </button>
            )}
            <PendingButton ref={submit} type="submit" className={styles.primary} pending={publish.isPending}>
              {stage === 'edit'
                ? t('notification.previewButton')
                : publish.isPending
                  ? t('form.saving')
                  : t('notification.publish')}
            </PendingButton>
          </div>
        </form>
        <Preview values={values} />
      </div>

      <section className={styles.card} aria-labelledby="notification-list-title">
        <h2 id="notification-list-title">{t('notification.listTitle')}</h2>
        {list.isPending && <Loading />}
        {list.isError && <LoadError onRetry={() => void list.refetch()} />}
        {list.data?.length === 0 && <Empty>{t('notification.none')}</Empty>}
        {!!list.data?.length && (
          <ul className={styles.rows}>
            {list.data.map((n) => (
              <li key={n.id} className={n.status === 'disabled' ? styles.muted : undefined}>
                <div>
                  <strong>{n.name}</strong>
                  <span className={styles.code}>{n.alias}</span>
                  {n.link && (
                    <span className={styles.help}>
                      {n.link}
                      {n.external === 1 && ` · ${t('notification.newTab')}`}
                    </span>
                  )}
                  <span className={styles.help}>{t('notification.reads', { count: n.reads })}</span>
                </div>
                <PendingButton
                  type="button"
                  className={styles.toggle}
                  aria-pressed={n.status === 'active'}
                  pending={status.isPending}
                  onClick={() => status.mutate({ id: n.id, status: n.status === 'active' ? 'disabled' : 'active' })}
                >
                  {n.status === 'active' ? t('notification.active') : t('notification.disabled')}
                </PendingButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
