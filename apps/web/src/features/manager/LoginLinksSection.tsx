import { zodResolver } from '@hookform/resolvers/zod';
import { managerRoutes, type Language } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { post } from '../../api/client';
import { useGet } from '../../api/queries';
import { Empty, Loading, LoadError } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { useRefocus } from '../../components/use-refocus';
import { errorText, fieldErrors } from './errors';
import styles from './manager.module.css';

const { LOGIN_LINK_TYPES } = managerRoutes;
type LoginLink = managerRoutes.ManagerLoginLink;
const formSchema = managerRoutes.saveLoginLinkInput.omit({ language: true, id: true });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const blank: FormInput = {
  link_type: 'survey',
  heading: '',
  description: '',
  url: '',
  is_anon: false,
  bold_border: false,
  sort_order: 0,
};

/** Section 6: the login page's external links, surveys and scholar courses of one language. */
export function LoginLinksSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const list = useGet('manager_login_links', { language });
  const [editing, setEditing] = useState<LoginLink | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: blank });
  const type = form.watch('link_type');
  const listTitle = useRef<HTMLHeadingElement>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  // A deleted link goes with its buttons, and Cancel goes with the editing: the list's or the form's title takes the
  // focus.
  useRefocus(listTitle, list.data?.length);
  useRefocus(formTitle, editing);
  // Edit fills the form, maybe further down the page: the focus goes to its first field.
  useEffect(() => {
    if (editing) form.setFocus('link_type');
  }, [editing, form]);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['manager_login_links'] });
    await client.invalidateQueries({ queryKey: ['login_links'] });
  };
  const save = useMutation({
    mutationFn: (values: FormValues) =>
      post('save_login_link', { ...values, language, ...(editing ? { id: editing.id } : {}) }),
    onSuccess: async () => {
      setSaved(true);
      setEditing(null);
      form.reset(blank);
      await refresh();
    },
    onError: (error) => {
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        form.setError(name as keyof FormInput, { message });
      }
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => post('delete_login_link', { id }),
    onSuccess: refresh,
  });

  const edit = (link: LoginLink) => {
    setSaved(false);
    setEditing(link);
    form.reset({
      link_type: link.link_type,
      heading: link.heading,
      description: link.description,
      url: link.url,
      is_anon: link.is_anon,
      bold_border: link.bold_border,
      sort_order: link.sort_order,
    });
  };
  const error = (name: keyof FormInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? (
      <span className={styles.fieldError} id={`link-${name}-error`}>
        {message}
      </span>
    ) : null;
  };
  const field = (name: keyof FormInput, number = false) => ({
    ...form.register(name, number ? { valueAsNumber: true } : {}),
    id: `link-${name}`,
    'aria-invalid': form.formState.errors[name] ? true : undefined,
    'aria-describedby': form.formState.errors[name] ? `link-${name}-error` : undefined,
  });

  return (
    <section className={styles.section} aria-labelledby="links-title">
      <div className={styles.split}>
        <div className={styles.card}>
          <h2 id="links-title" ref={listTitle} tabIndex={-1}>
            {t('links.title', { language: t(`common:languages.${language}`) })}
          </h2>
          {list.isPending && <Loading />}
          {list.isError && <LoadError onRetry={() => void list.refetch()} />}
          {remove.isError && (
            <p className={styles.formError} role="alert">
              {errorText(t, remove.error)}
            </p>
          )}
          {list.data &&
            LOGIN_LINK_TYPES.map((kind) => {
              const links = list.data.filter((l) => l.link_type === kind);
              return (
                <div key={kind} className={styles.group}>
                  <h3>{t(`links.types.${kind}`)}</h3>
                  {links.length === 0 ? (
                    <Empty>{t('links.none')}</Empty>
                  ) : (
                    <ul className={styles.rows} data-testid={`links-${kind}`}>
                      {links.map((link) => (
                        <li key={link.id} className={editing?.id === link.id ? styles.changed : undefined}>
                          <div>
                            <strong>{link.heading}</strong>
                            <span className={styles.help}>{link.url}</span>
                          </div>
                          <div className={styles.rowActions}>
                            <button type="button" className={styles.secondary} onClick={() => edit(link)}>
                              {t('links.edit')}
                            </button>
                            <PendingButton
                              type="button"
                              className={styles.danger}
                              pending={remove.isPending}
                              onClick={() => {
                                if (window.confirm(t('links.confirmDelete', { heading: link.heading })))
                                  remove.mutate(link.id);
                              }}
                            >
                              {t('links.delete')}
                            </PendingButton>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
        </div>

        <form
          className={styles.card}
          noValidate
          onSubmit={form.handleSubmit((values) => {
            setSaved(false);
            save.mutate(values);
          })}
        >
          <h2 ref={formTitle} tabIndex={-1}>
            {editing ? t('links.editTitle') : t('links.addTitle')}
          </h2>
          <div className={styles.field}>
            <label htmlFor="link-link_type">{t('links.type')}</label>
            <select {...field('link_type')}>
              {LOGIN_LINK_TYPES.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`links.types.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="link-heading">{t('links.heading')}</label>
            <input {...field('heading')} />
            {error('heading')}
          </div>
          <div className={styles.field}>
            <label htmlFor="link-description">{t('links.description')}</label>
            <textarea {...field('description')} rows={2} />
            {error('description')}
          </div>
          <div className={styles.field}>
            <label htmlFor="link-url">{t('links.url')}</label>
            <input {...field('url')} inputMode="url" placeholder="https://" />
            <span className={styles.help}>{t('links.urlHelp')}</span>
            {error('url')}
          </div>
          {type === 'survey' && (
            <div className={styles.checks}>
              <label className={styles.check}>
                <input type="checkbox" {...form.register('is_anon')} />
                <span>{t('links.anonymous')}</span>
              </label>
              <label className={styles.check}>
                <input type="checkbox" {...form.register('bold_border')} />
                <span>{t('links.boldBorder')}</span>
              </label>
            </div>
          )}
          <div className={styles.field}>
            <label htmlFor="link-sort_order">{t('links.order')}</label>
            <input {...field('sort_order', true)} type="number" min={0} max={9999} />
            {error('sort_order')}
          </div>
          {save.isError && (
            <p className={styles.formError} role="alert">
              {errorText(t, save.error)}
            </p>
          )}
          {saved && (
            <p className={styles.success} role="status">
              <CheckCircle2 aria-hidden size={20} />
              <span>{t('links.saved')}</span>
            </p>
          )}
          <div className={styles.actions}>
            {editing && (
              <button
                type="button"
                className={styles.secondary}
                onClick={() => {
                  setEditing(null);
                  form.reset(blank);
                }}
              >
                {t('links.cancel')}
              </button>
            )}
            <PendingButton type="submit" className={styles.primary} pending={save.isPending}>
              {save.isPending ? t('form.saving') : t('links.save')}
            </PendingButton>
          </div>
        </form>
      </div>
    </section>
  );
}
