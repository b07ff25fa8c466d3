import type { adminRoutes } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Download, Loader2, X } from 'lucide-react';
import { Fragment, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useProfile } from '../../api/profile';
import { useGet } from '../../api/queries';
import { useWarning } from '../../app/banner';
import { LoadError, Loading } from '../../components/PageState';
import { PendingButton } from '../../components/PendingButton';
import { useDialogHandlers } from '../../components/use-dialog-handlers';
import { downloadFile, useUserDetails, type GridQuery, type UserDetails } from './admin-api';
import { ConfirmDialog } from './ConfirmDialog';
import { CourseAttempts } from './CourseAttempts';
import styles from './filters.module.css';
import { messageText } from './messages';
import { PinReset } from './PinReset';
import { StatusIcon } from './StatusIcon';

type Lang = GridQuery['userLang'];

/** Every query a change of a person may make stale. */
const STALE = [
  'get_user_data',
  'get_user_results',
  'get_user_results_by_stores',
  'find_user',
  'find_user_office',
  'find_user_store',
];

/** Refreshes what a change made stale; `keepDetails` keeps the open details (a transfer may move the person out of reach). */
function useInvalidate() {
  const client = useQueryClient();
  return (keepDetails = false) =>
    Promise.all(
      STALE.filter((key) => !keepDetails || key !== 'get_user_data').map((key) =>
        client.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

/** A person's details in a dialog: edit, transfer, rights, absence, delete, courses, export. */
export function UserDetailsDialog({
  userId,
  lang,
  onClose,
  returnFocusTo,
}: {
  userId: number | null;
  lang: Lang;
  onClose: () => void;
  /** Takes the focus when the dialog closes and what opened it is gone. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const dialogHandlers = useDialogHandlers(onClose, returnFocusTo);
  return (
    <Dialog.Root open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          data-testid="user-details"
          {...dialogHandlers}
        >
          {userId !== null && <DetailsBody userId={userId} lang={lang} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DetailsBody({ userId, lang, onClose }: { userId: number; lang: Lang; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const details = useUserDetails(userId, lang);
  const [exporting, setExporting] = useState(false);
  const warn = useWarning();
  const close = (
    <Dialog.Close className={styles.iconButton} aria-label={t('common:close')}>
      <X aria-hidden size={20} />
    </Dialog.Close>
  );
  if (details.isPending) {
    return (
      <>
        <Dialog.Title className="visually-hidden">{t('details.title')}</Dialog.Title>
        {close}
        <Loading />
      </>
    );
  }
  if (details.isError) {
    return (
      <>
        <Dialog.Title>{t('details.title')}</Dialog.Title>
        {close}
        <LoadError message={messageText(t, details.error)} onRetry={() => void details.refetch()} />
      </>
    );
  }
  const data = details.data;
  const exportUser = async () => {
    setExporting(true);
    try {
      await downloadFile('get_user_data_excel', { u: String(userId), lang });
    } catch (error) {
      warn(messageText(t, error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <header className={styles.dialogHeader}>
        <div>
          <Dialog.Title className={styles.dialogTitle}>
            {data.user.name} {data.user.surname}
          </Dialog.Title>
          <p className={styles.muted}>
            {[data.user.login, data.user.department, data.user.position_label ?? data.user.position ?? '—']
              .filter(Boolean)
              .join(' · ')}
            {data.user.long_term && <span className={styles.badge}>{t('results.longTerm')}</span>}
          </p>
        </div>
        <div className={styles.inlineActions}>
          <PendingButton
            type="button"
            className={styles.secondary}
            onClick={() => void exportUser()}
            pending={exporting}
          >
            {exporting ? <Loader2 aria-hidden size={16} className={styles.spin} /> : <Download aria-hidden size={16} />}
            {exporting ? t('results.exporting') : t('details.export')}
          </PendingButton>
          {close}
        </div>
      </header>
      {data.can.edit ? (
        <EditForm details={data} onDeleted={onClose} />
      ) : (
        <p className={styles.note}>{t('details.readOnly')}</p>
      )}
      {data.can.reset_pin && <PinReset details={data} />}
      <CourseList details={data} />
      <History details={data} />
    </>
  );
}

function EditForm({ details, onDeleted }: { details: UserDetails; onDeleted: () => void }) {
  const { t } = useTranslation('admin');
  const warn = useWarning();
  const invalidate = useInvalidate();
  const client = useQueryClient();
  const { data: me } = useProfile();
  const user = details.user;
  const isStoreAdmin = me?.typ === 'store_user';
  const departments = useGet('get_all_departments', {}, { enabled: !isStoreAdmin });
  const stores = useGet('get_stores', {}, { enabled: isStoreAdmin });
  const positions = useGet('get_positions', {});
  const places = (isStoreAdmin ? stores.data : departments.data) ?? [];

  const initial = {
    name: user.name,
    surname: user.surname,
    department_alias: user.department_alias,
    position: user.position ?? '',
    long_term: user.long_term,
    role: user.role,
    password: '',
  };
  const [form, setForm] = useState(initial);
  const [editing, setEditing] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Edit and Save/Cancel replace each other, so the button pressed is gone: the focus goes to the first field on
  // Edit and back to Edit after Save or Cancel, where it fell to the dialog and a keyboard user began again at its top.
  useEffect(() => {
    if (editing) firstField.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const [confirm, setConfirm] = useState<'transfer' | 'delete' | null>(null);
  const [due, setDue] = useState<adminRoutes.DueItem[] | null>(null);
  const place = places.find((p) => p.alias === form.department_alias);
  const positionChoices = (positions.data ?? []).filter((p) => p.country === (place?.country ?? user.country));
  const moves = form.department_alias !== user.department_alias;
  const isManagerProfile = user.role === 'admin' || user.role === 'regman';

  const save = useMutation({
    mutationFn: () => {
      const input: Parameters<typeof post<'update_user_data'>>[1] = { id: user.id };
      if (form.name !== user.name) input.name = form.name;
      if (form.surname !== user.surname) input.surname = form.surname;
      if (moves) input.department_alias = form.department_alias;
      if (moves || form.position !== (user.position ?? '')) input.position = form.position;
      if (form.long_term !== user.long_term) input.long_term = form.long_term;
      if (details.can.grant_admin && form.role !== user.role) input.role = form.role;
      if (details.can.grant_admin && form.password) input.password = form.password;
      return post('update_user_data', input);
    },
    onSuccess: async (result) => {
      setEditing(false);
      setDue(moves ? result.due : null);
      setForm((f) => ({ ...f, password: '' }));
      if (moves) {
        // Show the person where they are now, with what is due there, even if they left the caller's reach.
        client.setQueriesData<UserDetails>({ queryKey: ['get_user_data', { user_id: user.id }] }, (old) =>
          old ? { ...old, user: result.user } : old,
        );
        await invalidate(true);
      } else {
        await invalidate();
      }
    },
    onError: (error) => warn(messageText(t, error)),
  });
  const remove = useMutation({
    mutationFn: () => post('delete_user', { id: user.id }),
    onSuccess: async () => {
      setConfirm(null);
      // The person is gone: their details close and are forgotten, never asked for again (a 404).
      onDeleted();
      client.removeQueries({ queryKey: ['get_user_data', { user_id: user.id }] });
      await invalidate(true);
    },
    onError: (error) => (setConfirm(null), warn(messageText(t, error))),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.position || !form.department_alias) {
      warn(t('messages.notSpecified'));
      return;
    }
    const needsPassword =
      details.can.grant_admin && (form.role === 'admin' || form.role === 'regman') && !details.has_password;
    if (needsPassword && !form.password) {
      warn(t('messages.notSpecified'));
      return;
    }
    if (moves) setConfirm('transfer');
    else save.mutate();
  };

  return (
    <section className={styles.card} aria-labelledby="details-edit">
      <h3 id="details-edit">{t('details.profile')}</h3>
      <form onSubmit={submit} className={styles.formGrid}>
        <label className={styles.field}>
          <span>{t('form.name')}</span>
          <input
            ref={firstField}
            value={form.name}
            disabled={!editing}
            required
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span>{t('form.surname')}</span>
          <input
            value={form.surname}
            disabled={!editing}
            required
            onChange={(e) => setForm({ ...form, surname: e.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span>{t('form.department')}</span>
          <select
            value={form.department_alias}
            disabled={!editing}
            onChange={(e) => setForm({ ...form, department_alias: e.target.value, position: '' })}
            data-testid="details-department"
          >
            {!places.some((p) => p.alias === user.department_alias) && (
              <option value={user.department_alias}>{user.department}</option>
            )}
            {places.map((p) => (
              <option key={p.alias} value={p.alias}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('form.position')}</span>
          <select
            value={form.position}
            disabled={!editing}
            onChange={(e) => setForm({ ...form, position: e.target.value })}
            data-testid="details-position"
          >
            <option value="">{t('form.choose')}</option>
            {positionChoices.map((p) => (
              <option key={p.alias} value={p.alias}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {details.can.grant_admin && (
          <>
            <label className={styles.field}>
              <span>{t('form.rights')}</span>
              <select
                value={form.role}
                disabled={!editing}
                onChange={(e) => setForm({ ...form, role: e.target.value as typeof form.role })}
              >
                <option value="learner">{t('roles.learner')}</option>
                {user.role === 'student' && <option value="student">{t('roles.student')}</option>}
                <option value="admin">{t('roles.admin')}</option>
                <option value="regman">{t('roles.regman')}</option>
              </select>
            </label>
            <label className={styles.field}>
              <span>{t('form.managerPassword')}</span>
              <input
                type="password"
                autoComplete="new-password"
                value={form.password}
                disabled={!editing}
                placeholder={details.has_password ? t('form.passwordKeep') : ''}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
            </label>
          </>
        )}
        <label className={`${styles.check} ${styles.wide}`}>
          <input
            type="checkbox"
            checked={form.long_term}
            disabled={!editing}
            onChange={(e) => setForm({ ...form, long_term: e.target.checked })}
          />
          {t('form.longTerm')}
        </label>
        <div className={`${styles.actions} ${styles.wide}`}>
          {editing ? (
            <>
              <PendingButton type="submit" className={styles.primary} pending={save.isPending}>
                {save.isPending ? t('common:loading') : t('details.save')}
              </PendingButton>
              <button type="button" className={styles.secondary} onClick={() => (setForm(initial), setEditing(false))}>
                {t('details.cancel')}
              </button>
            </>
          ) : (
            <button ref={editButton} type="button" className={styles.primary} onClick={() => setEditing(true)}>
              {t('details.edit')}
            </button>
          )}
          {details.can.delete && (
            <button type="button" className={styles.danger} onClick={() => setConfirm('delete')}>
              {t(isManagerProfile ? 'details.deleteManager' : 'details.deleteHistory')}
            </button>
          )}
        </div>
      </form>
      {due && (
        <div className={styles.due} role="status" data-testid="due-items">
          <h4>{t('details.dueTitle')}</h4>
          {due.length === 0 ? (
            <p>{t('details.nothingDue')}</p>
          ) : (
            <ul>
              {due.map((item) => (
                <li key={`${item.kind}:${item.alias}`}>
                  {item.name} — {item.kind === 'course' ? t(`status.${item.status}`) : t(`bundle.${item.status}`)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'transfer'}
        question={t('confirm.transfer')}
        busy={save.isPending}
        onAnswer={(yes) => {
          setConfirm(null);
          if (yes) save.mutate();
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        question={t(isManagerProfile ? 'confirm.deleteManager' : 'confirm.deleteHistory')}
        detail={t(isManagerProfile ? 'confirm.deleteManagerDetail' : 'confirm.deleteHistoryDetail')}
        busy={remove.isPending}
        onAnswer={(yes) => (yes ? remove.mutate() : setConfirm(null))}
      />
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function CourseList({ details }: { details: UserDetails }) {
  const { t, i18n } = useTranslation('admin');
  const warn = useWarning();
  const invalidate = useInvalidate();
  const userId = details.user.id;
  const [completionDate, setCompletionDate] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<string | null>(null);
  const columns = details.can.additional_courses ? 5 : 4;
  const additional = useMutation({
    mutationFn: ({ alias, add }: { alias: string; add: boolean }) =>
      post(add ? 'add_additional_course' : 'remove_additional_course', {
        save_user_id: userId,
        add_course_alias: alias,
      }),
    onSuccess: () => invalidate(),
    onError: (error) => warn(messageText(t, error)),
  });
  const complete = useMutation({
    mutationFn: (alias: string) =>
      post('set_course_complete_manual', {
        course_user_id: userId,
        course_alias: alias,
        complete: true,
        course_completion_time: completionDate[alias] ?? today(),
      }),
    onSuccess: () => invalidate(),
    onError: (error) => warn(messageText(t, error)),
  });
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language === 'ee' ? 'et' : i18n.language) : '—';
  return (
    <section className={styles.card} aria-labelledby="details-courses">
      <h3 id="details-courses">{t('details.courses')}</h3>
      <div className={styles.tableScrollFree}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('details.course')}</th>
              <th scope="col">{t('details.status')}</th>
              <th scope="col">{t('details.completed')}</th>
              <th scope="col">{t('details.validUntil')}</th>
              {details.can.additional_courses && <th scope="col">{t('details.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {details.courses.map((course) => (
              <Fragment key={course.alias}>
                <tr data-testid="details-course" data-alias={course.alias}>
                  <th scope="row">
                    <button
                      type="button"
                      className={styles.linkButton}
                      aria-expanded={open === course.alias}
                      aria-controls={open === course.alias ? `attempts-${course.alias}` : undefined}
                      onClick={() => setOpen(open === course.alias ? null : course.alias)}
                    >
                      {open === course.alias ? (
                        <ChevronDown aria-hidden size={16} />
                      ) : (
                        <ChevronRight aria-hidden size={16} />
                      )}
                      {course.name}
                    </button>
                    <span className={styles.muted}> · {t(`results.${course.course_type}`)}</span>
                    {course.assigned === 'additional' && (
                      <span className={styles.badge}>{t('details.additional')}</span>
                    )}
                  </th>
                  <td>
                    <StatusIcon status={course.status} withText />
                  </td>
                  <td>{date(course.complete ? course.finish_time : null)}</td>
                  <td>{date(course.valid_until)}</td>
                  {details.can.additional_courses && (
                    <td>
                      <div className={styles.rowActions}>
                        {course.assigned !== 'position' && (
                          <PendingButton
                            type="button"
                            className={styles.secondary}
                            pending={additional.isPending}
                            onClick={() =>
                              additional.mutate({ alias: course.alias, add: course.assigned !== 'additional' })
                            }
                          >
                            {course.assigned === 'additional' ? t('details.removeCourse') : t('details.addCourse')}
                          </PendingButton>
                        )}
                        <input
                          type="date"
                          max={today()}
                          value={completionDate[course.alias] ?? today()}
                          aria-label={t('details.completionDate', { course: course.name })}
                          onChange={(e) => setCompletionDate({ ...completionDate, [course.alias]: e.target.value })}
                        />
                        <PendingButton
                          type="button"
                          className={styles.secondary}
                          pending={complete.isPending}
                          onClick={() => complete.mutate(course.alias)}
                        >
                          {t('details.markComplete')}
                        </PendingButton>
                      </div>
                    </td>
                  )}
                </tr>
                {open === course.alias && (
                  <tr className={styles.expansion} id={`attempts-${course.alias}`}>
                    <td colSpan={columns}>
                      <CourseAttempts userId={userId} alias={course.alias} courseName={course.name} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function History({ details }: { details: UserDetails }) {
  const { t, i18n } = useTranslation('admin');
  if (details.completions.length === 0) return null;
  const names = new Map(details.courses.map((c) => [c.alias, c.name]));
  return (
    <section className={styles.card} aria-labelledby="details-history">
      <h3 id="details-history">{t('details.history')}</h3>
      <ul className={styles.history}>
        {details.completions.map((c, i) => (
          <li key={`${c.course_alias}:${c.finish_time}:${i}`}>
            <strong>{names.get(c.course_alias) ?? c.course_alias}</strong> —{' '}
            {new Date(c.finish_time).toLocaleDateString(i18n.language === 'ee' ? 'et' : i18n.language)} ·{' '}
            {t(`sources.${c.source}`)}
            {c.recorded_by && ` · ${c.recorded_by}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
