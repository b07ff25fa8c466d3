import { zodResolver } from '@hookform/resolvers/zod';
import { adminRoutes, type UserProfile } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useGet } from '../../api/queries';
import { useWarning } from '../../app/banner';
import { PendingButton } from '../../components/PendingButton';
import styles from './filters.module.css';
import { messageKey, messageText } from './messages';

type Form = adminRoutes.AddUserForm;

/** The add-user form: every field required, the PIN made by the server and shown once the person is created. */
export function AddUserForm({ kind, me }: { kind: 'office' | 'store'; me: UserProfile }) {
  const { t } = useTranslation('admin');
  const warn = useWarning();
  const client = useQueryClient();
  const isStoreAdmin = me.typ === 'store_user';
  const mayGrant = me.role === 'admin' && !isStoreAdmin;
  const defaults: Form = {
    role: 'learner',
    name: '',
    surname: '',
    country: me.country as Form['country'],
    position: '',
    department_alias: isStoreAdmin ? me.department_alias : '',
    type: kind === 'store' ? 'store_user' : 'ldap_user',
    login: '',
    password: '',
  };
  const form = useForm<Form>({
    resolver: zodResolver(adminRoutes.addUserForm),
    defaultValues: defaults,
    mode: 'onSubmit',
  });
  const [created, setCreated] = useState<adminRoutes.CreatedUser | null>(null);
  const country = form.watch('country');
  const type = form.watch('type');
  const role = form.watch('role');
  const departments = useGet('get_all_departments', { country }, { enabled: !!country });
  const positions = useGet('get_positions', { country }, { enabled: !!country });
  const places = (departments.data ?? []).filter(
    (d) => (type === 'store_user' ? d.kind === 'store' : true) && (!isStoreAdmin || d.alias === me.department_alias),
  );

  const add = useMutation({
    mutationFn: (values: Form) =>
      post('add_user', { ...values, login: values.type === 'store_user' ? undefined : values.login }),
    onSuccess: async (result) => {
      setCreated(result);
      form.reset(defaults);
      await client.invalidateQueries({ queryKey: ['get_user_results_by_stores'] });
      await client.invalidateQueries({ queryKey: ['get_user_results'] });
    },
    onError: (error) => {
      warn(messageText(t, error));
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      for (const [name, message] of Object.entries(fields)) {
        const key = messageKey(message);
        form.setError(name as keyof Form, { message: key ? t(`messages.${key}`) : message });
      }
    },
  });

  const error = (name: keyof Form) => {
    const message = form.formState.errors[name]?.message;
    if (!message) return null;
    const key = messageKey(message);
    return (
      <span className={styles.fieldError} id={`add-${name}-error`}>
        {key ? t(`messages.${key}`) : message}
      </span>
    );
  };
  const field = (name: keyof Form) => ({
    ...form.register(name),
    id: `add-${name}`,
    'aria-invalid': !!form.formState.errors[name],
    'aria-describedby': form.formState.errors[name] ? `add-${name}-error` : undefined,
  });

  return (
    <section className={styles.section} aria-labelledby="add-heading">
      <h2 id="add-heading" className={styles.sectionTitle}>
        {t('sections.addUser')}
      </h2>
      {created && (
        <div className={styles.success} role="status" data-testid="user-created">
          <CheckCircle2 aria-hidden size={22} />
          <div>
            <strong>{t('messages.userCreated')}</strong>
            <p>
              {created.user.typ === 'store_user' ? t('add.pinIs') : t('add.loginIs')}{' '}
              <span className={styles.pin} data-testid="created-login">
                {created.login}
              </span>
            </p>
          </div>
        </div>
      )}
      <form
        className={`${styles.panel} ${styles.formGrid}`}
        noValidate
        onSubmit={form.handleSubmit(
          (values) => add.mutate(values),
          () => warn(t('messages.fillAll')),
        )}
      >
        <label className={styles.field} htmlFor="add-name">
          <span>{t('form.name')}</span>
          <input {...field('name')} autoComplete="off" />
          {error('name')}
        </label>
        <label className={styles.field} htmlFor="add-surname">
          <span>{t('form.surname')}</span>
          <input {...field('surname')} autoComplete="off" />
          {error('surname')}
        </label>
        {me.role === 'admin' && me.typ === 'dev' ? (
          <label className={styles.field} htmlFor="add-country">
            <span>{t('results.country')}</span>
            <select {...field('country')}>
              {(['lv', 'lt', 'ee'] as const).map((c) => (
                <option key={c} value={c}>
                  {t(`countries.${c}`)}
                </option>
              ))}
            </select>
            {error('country')}
          </label>
        ) : (
          <input type="hidden" {...form.register('country')} />
        )}
        {!isStoreAdmin && (
          <label className={styles.field} htmlFor="add-type">
            <span>{t('form.type')}</span>
            <select {...field('type')}>
              <option value="store_user">{t('types.store_user')}</option>
              <option value="ldap_user">{t('types.ldap_user')}</option>
              <option value="other">{t('types.other')}</option>
            </select>
            {error('type')}
          </label>
        )}
        <label className={styles.field} htmlFor="add-department_alias">
          <span>{t('form.department')}</span>
          <select {...field('department_alias')}>
            <option value="">{t('form.choose')}</option>
            {places.map((p) => (
              <option key={p.alias} value={p.alias}>
                {p.label}
              </option>
            ))}
          </select>
          {error('department_alias')}
        </label>
        <label className={styles.field} htmlFor="add-position">
          <span>{t('form.position')}</span>
          <select {...field('position')}>
            <option value="">{t('form.choose')}</option>
            {(positions.data ?? []).map((p) => (
              <option key={p.alias} value={p.alias}>
                {p.label}
              </option>
            ))}
          </select>
          {error('position')}
        </label>
        <label className={styles.field} htmlFor="add-role">
          <span>{t('form.rights')}</span>
          <select {...field('role')}>
            <option value="learner">{t('roles.learner')}</option>
            {mayGrant && <option value="admin">{t('roles.admin')}</option>}
            {mayGrant && <option value="regman">{t('roles.regman')}</option>}
          </select>
          {error('role')}
        </label>
        {type !== 'store_user' && (
          <label className={styles.field} htmlFor="add-login">
            <span>{t('form.login')}</span>
            <input {...field('login')} autoComplete="off" />
            {error('login')}
          </label>
        )}
        {(role === 'admin' || role === 'regman') && (
          <label className={styles.field} htmlFor="add-password">
            <span>{t('form.managerPassword')}</span>
            <input type="password" autoComplete="new-password" {...field('password')} />
            {error('password')}
          </label>
        )}
        {type === 'store_user' && <p className={`${styles.note} ${styles.wide}`}>{t('add.pinNote')}</p>}
        <div className={`${styles.actions} ${styles.wide}`}>
          <PendingButton type="submit" className={styles.primary} pending={add.isPending}>
            {add.isPending ? t('common:loading') : t('add.submit')}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
