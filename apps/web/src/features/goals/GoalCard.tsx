import { goalRoutes, QUARTERS } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CheckCircle2, GraduationCap, Hammer, HelpCircle, Pencil, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiCallError, post } from '../../api/client';
import { storeGoal, storeTask } from './goal-cache';
import styles from './GoalsPage.module.css';
import { readDraft, useAutoSave } from './use-auto-save';

type Goal = goalRoutes.Goal;
type Task = goalRoutes.Task;

const TEXT_DELAY_MS = 800;
const PERCENT_DELAY_MS = 400;
const KIND_ICONS = { alone: BookOpen, colleagues: Users, doing: Hammer, courses: GraduationCap } as const;
/** The how-to section that explains each activity kind (sections 2 to 5). */
const KIND_HOW_TO = { alone: 2, colleagues: 3, doing: 4, courses: 5 } as const;

/** Line breaks become spaces as they are typed or pasted; the server strips them too. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

/** Starts from the draft kept on this device when there is one, and sends it again. */
function useDraftedValue<T>(key: string, serverValue: T, schedule: (value: T) => void): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readDraft<T>(key) ?? serverValue);
  useEffect(() => {
    const draft = readDraft<T>(key);
    if (draft !== undefined && draft !== serverValue) schedule(draft);
    // Only once, for the draft found when the field appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue];
}

function FieldError({ state, error }: { state: string; error: unknown }) {
  const { t } = useTranslation('goals');
  if (state !== 'failed') return null;
  const code = error instanceof ApiCallError ? error.code : 'network';
  const message =
    code === 'not active'
      ? t('save.sessionEnded')
      : code === 'network' || code === 'internal'
        ? t('save.retrying')
        : t('save.refused');
  return (
    <p className={styles.fieldError} role="alert">
      {message}
    </p>
  );
}

function GoalName({ goal, userId }: { goal: Goal; userId: number }) {
  const { t } = useTranslation('goals');
  const client = useQueryClient();
  const key = `${userId}:goal-name:${goal.goal_id}`;
  const saver = useAutoSave<string>({
    key,
    delay: TEXT_DELAY_MS,
    save: async (name, options) =>
      storeGoal(client, await post('set_goal_name', { goal_id: goal.goal_id, goal_name: name }, options)),
  });
  const [name, setName] = useDraftedValue(key, goal.name, saver.schedule);
  const blank = goalRoutes.stripLineBreaks(name) === '';
  const errorId = useId();

  return (
    <div className={styles.nameField}>
      <label className="visually-hidden" htmlFor={`goal-name-${goal.goal_id}`}>
        {t('goalName', { n: goal.slot + 1 })}
      </label>
      <Pencil aria-hidden size={16} className={styles.nameIcon} />
      <textarea
        id={`goal-name-${goal.goal_id}`}
        className={styles.nameInput}
        value={name}
        rows={1}
        maxLength={goalRoutes.GOAL_NAME_MAX}
        data-testid="goal-name"
        aria-invalid={blank || saver.state === 'failed'}
        aria-describedby={blank ? errorId : undefined}
        onChange={(event) => {
          const next = oneLine(event.target.value);
          setName(next);
          if (goalRoutes.stripLineBreaks(next) !== '') saver.schedule(goalRoutes.stripLineBreaks(next));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            saver.flush();
          }
        }}
        onBlur={() => saver.flush()}
      />
      {blank && (
        <p id={errorId} className={styles.fieldError}>
          {t('nameRequired')}
        </p>
      )}
      <FieldError state={saver.state} error={saver.error} />
    </div>
  );
}

function QuarterSelect({ goal, userId }: { goal: Goal; userId: number }) {
  const { t } = useTranslation('goals');
  const client = useQueryClient();
  const key = `${userId}:goal-quarter:${goal.goal_id}`;
  const saver = useAutoSave<number>({
    key,
    delay: 0,
    save: async (quarter, options) =>
      storeGoal(client, await post('set_goal_quarter', { goal_id: goal.goal_id, quarter_id: quarter }, options)),
  });
  const [quarter, setQuarter] = useDraftedValue(key, goal.goal_quarter, saver.schedule);
  const id = `goal-quarter-${goal.goal_id}`;
  return (
    <div className={styles.quarter}>
      <label htmlFor={id}>{t('quarter')}</label>
      <select
        id={id}
        value={quarter}
        data-testid="goal-quarter"
        onChange={(event) => {
          const next = Number(event.target.value);
          setQuarter(next);
          saver.schedule(next);
        }}
      >
        {Array.from({ length: QUARTERS }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {t(`quarters.${i + 1}`)}
          </option>
        ))}
      </select>
      <FieldError state={saver.state} error={saver.error} />
    </div>
  );
}

interface TaskRowProps {
  task: Task;
  userId: number;
  percentage: number;
  onPercentage(value: number): void;
}

function TaskRow({ task, userId, percentage, onPercentage }: TaskRowProps) {
  const { t } = useTranslation('goals');
  const client = useQueryClient();
  const Icon = KIND_ICONS[task.kind];
  const percentKey = `${userId}:task-percentage:${task.task_id}`;
  const textKey = `${userId}:task-description:${task.task_id}`;
  const percentSaver = useAutoSave<number>({
    key: percentKey,
    delay: PERCENT_DELAY_MS,
    save: async (value, options) =>
      storeTask(client, await post('set_task_percentage', { task_id: task.task_id, task_percentage: value }, options)),
  });
  const textSaver = useAutoSave<string>({
    key: textKey,
    delay: TEXT_DELAY_MS,
    save: async (value, options) =>
      storeTask(
        client,
        await post('set_task_description', { task_id: task.task_id, task_description: value }, options),
      ),
  });
  const [description, setDescription] = useDraftedValue(textKey, task.description, textSaver.schedule);
  useEffect(() => {
    const draft = readDraft<number>(percentKey);
    if (draft !== undefined && draft !== task.task_percentage) {
      onPercentage(draft);
      percentSaver.schedule(draft);
    }
    // Only once, for the draft found when the row appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const titleId = `task-title-${task.task_id}`;
  const done = percentage >= goalRoutes.TASK_COMPLETE_PERCENTAGE;
  const disabled = task.placeholder;

  return (
    <li
      className={`${styles.task} ${done ? styles.taskDone : ''}`}
      data-testid="task"
      data-kind={task.kind}
      aria-labelledby={titleId}
    >
      <div className={styles.taskHead}>
        <span className={styles.taskIcon}>
          <Icon aria-hidden size={20} />
        </span>
        <div className={styles.taskTitle}>
          <h3 id={titleId}>{t(`kinds.${task.kind}.title`)}</h3>
          <p>{t(`kinds.${task.kind}.hint`)}</p>
        </div>
        <Link
          to={`/how-to-goals/${KIND_HOW_TO[task.kind]}/1`}
          className={styles.howLink}
          viewTransition
          aria-label={t('howToFor', { kind: t(`kinds.${task.kind}.title`) })}
        >
          <HelpCircle aria-hidden size={18} />
          <span>{t('howTo')}</span>
        </Link>
      </div>

      <label className={styles.fieldLabel} htmlFor={`task-description-${task.task_id}`}>
        {t('plan')}
      </label>
      <textarea
        id={`task-description-${task.task_id}`}
        className={styles.description}
        value={description}
        rows={3}
        maxLength={goalRoutes.TASK_DESCRIPTION_MAX}
        placeholder={t(`kinds.${task.kind}.placeholder`)}
        disabled={disabled}
        data-testid="task-description"
        aria-invalid={textSaver.state === 'failed'}
        onChange={(event) => {
          setDescription(event.target.value);
          textSaver.schedule(event.target.value);
        }}
        onBlur={() => textSaver.flush()}
      />
      <FieldError state={textSaver.state} error={textSaver.error} />

      <div className={styles.progressRow}>
        <label htmlFor={`task-percentage-${task.task_id}`}>{t('progress')}</label>
        <input
          id={`task-percentage-${task.task_id}`}
          type="range"
          min={0}
          max={100}
          step={5}
          value={percentage}
          disabled={disabled}
          data-testid="task-percentage"
          aria-valuetext={t('percent', { value: percentage })}
          style={{ ['--value' as string]: `${percentage}%` }}
          className={styles.range}
          onChange={(event) => {
            const next = Number(event.target.value);
            onPercentage(next);
            percentSaver.schedule(next);
          }}
          onBlur={() => percentSaver.flush()}
        />
        <output htmlFor={`task-percentage-${task.task_id}`} className={styles.percent}>
          {done && <CheckCircle2 aria-hidden size={16} />}
          {t('percent', { value: percentage })}
        </output>
      </div>
      <FieldError state={percentSaver.state} error={percentSaver.error} />
      {disabled && <p className={styles.fieldError}>{t('placeholderTask')}</p>}
    </li>
  );
}

/** One goal slot: its name (edited in place), quarter, and the four kinds of learning with progress. */
export function GoalCard({ goal, userId }: { goal: Goal; userId: number }) {
  const { t } = useTranslation('goals');
  const [percentages, setPercentages] = useState(() => goal.tasks.map((task) => task.task_percentage));
  const reached = percentages.every((p) => p >= goalRoutes.TASK_COMPLETE_PERCENTAGE);
  const average = Math.round(percentages.reduce((sum, p) => sum + p, 0) / Math.max(1, percentages.length));

  return (
    <section
      className={`${styles.goal} ${reached ? styles.goalReached : ''}`}
      aria-labelledby={`goal-title-${goal.goal_id}`}
      data-testid="goal"
      data-reached={reached}
    >
      {/* The goal's heading, over its tasks' (h3): its name is a field, its number a picture. */}
      <h2 id={`goal-title-${goal.goal_id}`} className="visually-hidden">
        {t('goalLabel', { n: goal.slot + 1 })}
      </h2>
      <header className={styles.goalHead}>
        <span className={styles.goalNumber} aria-hidden>
          {goal.slot + 1}
        </span>
        <GoalName goal={goal} userId={userId} />
        <QuarterSelect goal={goal} userId={userId} />
      </header>

      <div className={styles.goalProgress}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={average}
          aria-label={t('goalProgress')}
        >
          <span style={{ width: `${average}%` }} />
        </div>
        <span className={reached ? styles.badgeReached : styles.badge} data-testid="goal-state">
          {reached ? t('reached') : t('progressValue', { value: average })}
        </span>
      </div>

      <ul className={styles.tasks}>
        {goal.tasks.map((task, index) => (
          <TaskRow
            key={task.task_id}
            task={task}
            userId={userId}
            percentage={percentages[index] ?? 0}
            onPercentage={(value) => setPercentages((current) => current.map((p, i) => (i === index ? value : p)))}
          />
        ))}
      </ul>
    </section>
  );
}
