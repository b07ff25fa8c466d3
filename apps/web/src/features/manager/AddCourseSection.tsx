import { zodResolver } from '@hookform/resolvers/zod';
import { managerRoutes, type Language } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { post } from '../../api/client';
import { PendingButton } from '../../components/PendingButton';
import { CourseList } from './CourseList';
import { errorText, fieldErrors, packageRefusalText } from './errors';
import styles from './manager.module.css';
import { PackageRefusedError, uploadCourse } from './upload';

const SOURCES = ['upload', 'folder', 'external'] as const;
type Source = (typeof SOURCES)[number];

/** add_course's own fields (without language, which the page chooses) plus where the content comes from. */
const formSchema = z
  .object({ ...managerRoutes.addCourseInput.shape, source: z.enum(SOURCES) })
  .omit({ language: true })
  .superRefine((v, ctx) => {
    if (v.source === 'folder' && !v.folder) ctx.addIssue({ code: 'custom', path: ['folder'], message: 'required' });
    if (v.source === 'external' && !v.external_url)
      ctx.addIssue({ code: 'custom', path: ['external_url'], message: 'required' });
  });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Section 1: a new course, with its SCORM package uploaded (progress shown), an existing folder or a link. */
export function AddCourseSection({ language }: { language: Language }) {
  const { t } = useTranslation('manager');
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<managerRoutes.ManagerCourse | null>(null);
  const defaults: FormInput = {
    source: 'upload',
    alias: '',
    name: '',
    description: '',
    expiration: 12,
    course_type: 'mandatory',
    course_order_office: 100,
    course_order_store: 100,
    status: 'enabled',
  };
  const form = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults });
  const source = form.watch('source') as Source;

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const { source: from, ...fields } = values;
      const base = {
        alias: fields.alias,
        language,
        name: fields.name,
        description: fields.description,
        expiration: fields.expiration,
        course_type: fields.course_type,
        course_order_office: fields.course_order_office,
        course_order_store: fields.course_order_store,
        status: fields.status,
      };
      if (from === 'upload') {
        setProgress(0);
        return uploadCourse({ ...base, folder: fields.folder }, file!, setProgress);
      }
      return post(
        'add_course',
        from === 'folder' ? { ...base, folder: fields.folder } : { ...base, external_url: fields.external_url },
      );
    },
    onSuccess: async (course) => {
      setCreated(course);
      setFile(null);
      setProgress(null);
      form.reset(defaults);
      await client.invalidateQueries({ queryKey: ['courses_by_type'] });
      await client.invalidateQueries({ queryKey: ['get_course_positions'] });
    },
    onError: (error) => {
      setProgress(null);
      for (const [name, message] of Object.entries(fieldErrors(error))) {
        if (name !== 'package') form.setError(name as keyof FormInput, { message });
        else if (error instanceof PackageRefusedError) setFileError(packageRefusalText(t, error.refusal));
        else setFileError(message);
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    setCreated(null);
    setFileError(null);
    if (values.source === 'upload' && !file) {
      setFileError(t('course.fileRequired'));
      return;
    }
    save.mutate(values);
  });

  const error = (name: keyof FormInput) => {
    const message = form.formState.errors[name]?.message;
    if (!message) return null;
    return (
      <span className={styles.fieldError} id={`course-${name}-error`}>
        {message === 'required' ? t('form.required') : message}
      </span>
    );
  };
  const field = (name: keyof FormInput, options: { number?: boolean } = {}) => ({
    ...form.register(name, options.number ? { valueAsNumber: true } : { setValueAs: emptyToUndefined }),
    id: `course-${name}`,
    'aria-invalid': form.formState.errors[name] ? true : undefined,
    'aria-describedby': form.formState.errors[name] ? `course-${name}-error` : undefined,
  });
  const busy = save.isPending;

  return (
    <section className={styles.section} aria-labelledby="add-course-title">
      <form className={styles.card} onSubmit={submit} noValidate data-testid="add-course-form">
        <h2 id="add-course-title">{t('course.formTitle', { language: t(`common:languages.${language}`) })}</h2>

        <fieldset className={styles.choice}>
          <legend>{t('course.source')}</legend>
          {SOURCES.map((value) => (
            <label key={value} className={styles.radio}>
              <input type="radio" value={value} {...form.register('source')} />
              <span>{t(`course.sources.${value}`)}</span>
            </label>
          ))}
        </fieldset>

        {source === 'upload' && (
          <div className={styles.field}>
            <label htmlFor="course-package">{t('course.package')}</label>
            <div className={styles.dropzone}>
              <UploadCloud aria-hidden size={28} />
              {/* The browser's own button and "no file chosen" speak the browser's language, not the portal's. */}
              <input
                id="course-package"
                className={`visually-hidden ${styles.fileInput}`}
                type="file"
                accept=".zip,application/zip"
                data-testid="course-package"
                aria-invalid={fileError ? true : undefined}
                aria-describedby="course-package-help"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
              <label htmlFor="course-package" className={styles.fileButton}>
                {t('course.chooseFile')}
              </label>
              <span className={styles.fileName} data-testid="course-package-name">
                {file ? file.name : t('course.noFile')}
              </span>
              <span id="course-package-help" className={styles.help}>
                {file
                  ? t('course.fileChosen', { name: file.name, size: (file.size / (1024 * 1024)).toFixed(1) })
                  : t('course.packageHelp')}
              </span>
            </div>
            {fileError && (
              <span className={styles.fieldError} data-testid="package-error">
                {fileError}
              </span>
            )}
            {progress !== null && (
              <div className={styles.progress}>
                <progress max={1} value={progress} aria-label={t('course.uploading')} data-testid="upload-progress" />
                <span aria-live="polite">
                  {progress < 1
                    ? t('course.uploadingPercent', { percent: Math.round(progress * 100) })
                    : t('course.checking')}
                </span>
              </div>
            )}
          </div>
        )}

        <div className={styles.grid2}>
          <div className={styles.field}>
            <label htmlFor="course-alias">{t('course.alias')}</label>
            <input {...field('alias')} autoComplete="off" spellCheck={false} />
            <span className={styles.help}>{t('course.aliasHelp')}</span>
            {error('alias')}
          </div>
          <div className={styles.field}>
            <label htmlFor="course-name">{t('course.name')}</label>
            <input {...field('name')} />
            {error('name')}
          </div>
        </div>

        <div className={styles.field}>
          <label htmlFor="course-description">{t('course.description')}</label>
          <textarea {...field('description')} rows={3} />
          {error('description')}
        </div>

        {source !== 'external' && (
          <div className={styles.field}>
            <label htmlFor="course-folder">{t(source === 'upload' ? 'course.folderOptional' : 'course.folder')}</label>
            <input {...field('folder')} autoComplete="off" spellCheck={false} />
            <span className={styles.help}>
              {t(source === 'upload' ? 'course.folderHelpUpload' : 'course.folderHelp')}
            </span>
            {error('folder')}
          </div>
        )}
        {source === 'external' && (
          <div className={styles.field}>
            <label htmlFor="course-external_url">{t('course.externalUrl')}</label>
            <input {...field('external_url')} type="url" placeholder="https://" />
            {error('external_url')}
          </div>
        )}

        <div className={styles.grid3}>
          <fieldset className={styles.choice}>
            <legend>{t('course.type')}</legend>
            {(['mandatory', 'optional'] as const).map((value) => (
              <label key={value} className={styles.radio}>
                <input type="radio" value={value} {...form.register('course_type')} />
                <span>{t(`course.types.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor="course-expiration">{t('course.expiration')}</label>
            <input {...field('expiration', { number: true })} type="number" min={0} max={120} inputMode="numeric" />
            <span className={styles.help}>{t('course.expirationHelp')}</span>
            {error('expiration')}
          </div>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={form.watch('status') === 'enabled'}
              onChange={(event) => form.setValue('status', event.target.checked ? 'enabled' : 'disabled')}
            />
            <span>{t('course.enabled')}</span>
          </label>
        </div>

        <div className={styles.grid2}>
          <div className={styles.field}>
            <label htmlFor="course-course_order_store">{t('course.orderStore')}</label>
            <input {...field('course_order_store', { number: true })} type="number" min={0} max={9999} />
            {error('course_order_store')}
          </div>
          <div className={styles.field}>
            <label htmlFor="course-course_order_office">{t('course.orderOffice')}</label>
            <input {...field('course_order_office', { number: true })} type="number" min={0} max={9999} />
            {error('course_order_office')}
          </div>
        </div>

        {save.isError && (
          <p className={styles.formError} role="alert" data-testid="course-error">
            {errorText(t, save.error)}
          </p>
        )}
        {created && (
          <p className={styles.success} role="status" data-testid="course-created">
            <CheckCircle2 aria-hidden size={20} />
            <span>
              {t('course.created', { name: created.name, alias: created.alias })}{' '}
              <Link to={`/manager/3?lang=${created.language}`}>{t('course.assignNow')}</Link>
            </span>
          </p>
        )}
        <div className={styles.actions}>
          <PendingButton type="submit" className={styles.primary} pending={busy}>
            {busy ? t('form.saving') : t('course.submit')}
          </PendingButton>
        </div>
      </form>

      <CourseList language={language} />
    </section>
  );
}
