import { useMutation } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { post } from '../../api/client';
import { useProfile } from '../../api/profile';
import { useGet } from '../../api/queries';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import { GoalCard } from './GoalCard';
import styles from './GoalsPage.module.css';
import { SaveStatus } from './SaveStatus';
import { SaveTracker, SaveTrackerContext, useSaveSummary } from './save-tracker';

const TUTORIAL = '/how-to-goals/1/1';

/**
 * The first visit ever (remembered on the server) goes once to the goal tutorial. The call records the visit and
 * answers whether it was the first, so two tabs opening at once still redirect only one of them.
 */
function useGoalsIntro(): 'checking' | 'done' {
  const navigate = useNavigate();
  const started = useRef(false);
  const intro = useMutation({ mutationFn: () => post('set_goals_intro_seen', {}) });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    intro.mutate(undefined, {
      onSuccess: (result) => {
        if (result.first_visit) void navigate(TUTORIAL, { replace: true, state: { goalsIntro: true } });
      },
      onError: (error) => console.error('recording the goals introduction failed', error),
    });
  }, [intro, navigate]);
  return intro.isPending || intro.isIdle || intro.data?.first_visit ? 'checking' : 'done';
}

/** `/goals`: three goal slots, each with name, quarter and four kinds of learning; every edit saves itself. */
export function GoalsPage() {
  const { t } = useTranslation('goals');
  useDocumentTitle(t('common:menu.goals'));
  const { data: user } = useProfile();
  const intro = useGoalsIntro();
  const goals = useGet('goals', {}, { refetchOnMount: 'always' });
  const [tracker] = useState(() => new SaveTracker());
  const saveState = useSaveSummary(tracker);

  // Show what the server has now, not a copy from an earlier visit that another device may have changed.
  if (intro === 'checking' || goals.isPending || (goals.isFetching && !goals.isFetchedAfterMount) || !user) {
    return <Loading />;
  }
  if (goals.isError) return <LoadError message={t('loadError')} onRetry={() => void goals.refetch()} />;

  return (
    <SaveTrackerContext.Provider value={tracker}>
      <div className={styles.page}>
        <header className={styles.header}>
          <div>
            <h1>{t('common:menu.goals')}</h1>
            <p className={styles.intro}>{t('intro')}</p>
            <Link to={TUTORIAL} viewTransition className={styles.tutorialLink}>
              {t('tutorial')}
              <ArrowRight aria-hidden size={16} />
            </Link>
          </div>
          <SaveStatus state={saveState} />
        </header>
        {goals.data.length === 0 ? (
          <Empty>
            <p>{t('empty')}</p>
            <button type="button" className={styles.retry} onClick={() => void goals.refetch()}>
              {t('common:retry')}
            </button>
          </Empty>
        ) : (
          <div className={styles.goals}>
            {goals.data.map((goal) => (
              <GoalCard key={goal.goal_id} goal={goal} userId={user.id} />
            ))}
          </div>
        )}
      </div>
    </SaveTrackerContext.Provider>
  );
}
