import { LANGUAGES, type Language } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, BookOpen, GraduationCap, Hammer, Lightbulb, Target, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import contentPage from '../../components/ContentPage.module.css';
import { LoadError, Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import { SectionNav } from '../../components/SectionNav';
import { loadHowTo, type HowToBlock, type HowToContent } from './howto-content';
import styles from './HowToPage.module.css';

const SECTION_ICONS = [Target, BookOpen, Users, Hammer, GraduationCap];
const FIRST_PAGE = '/how-to-goals/1/1';

const pagePath = (section: number, subSection: number) => `/how-to-goals/${section}/${subSection}`;

/** State the goals screen passes when it sends a first-time visitor here. */
export interface HowToLocationState {
  goalsIntro?: boolean;
}

function Block({ block }: { block: HowToBlock }) {
  const { t } = useTranslation('howto');
  switch (block.type) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul className={styles.list}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'steps':
      return (
        <ol className={styles.steps}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'tip':
      return (
        <aside className={styles.tip}>
          <Lightbulb aria-hidden size={22} className={styles.tipIcon} />
          <p>
            <strong>{t('tip')} </strong>
            {block.text}
          </p>
        </aside>
      );
    case 'link':
      return (
        <p>
          <Link to={block.to} viewTransition className={styles.action}>
            {block.label}
            <ArrowRight aria-hidden size={18} />
          </Link>
        </p>
      );
  }
}

function useHowTo(language: Language) {
  return useQuery<HowToContent>({
    queryKey: ['howto', language],
    queryFn: () => loadHowTo(language),
    staleTime: Infinity,
  });
}

/** Every page of the guidance in reading order, for the previous and next links. */
function pageOrder(content: HowToContent) {
  return content.sections.flatMap((section) =>
    section.subSections.map((sub) => ({ section: section.id, subSection: sub.id, title: sub.title })),
  );
}

/** `/how-to-goals/{section}/{subSection}`: the five sections of guidance with their sub-sections. */
export function HowToPage() {
  const { t, i18n } = useTranslation('howto');
  const params = useParams();
  const location = useLocation();
  const language = ((LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'lv') as Language;
  const howTo = useHowTo(language);
  const sectionId = Number(params.section);
  const subSectionId = Number(params.subSection);
  const section = howTo.data?.sections.find((s) => s.id === sectionId);
  const subSection = section?.subSections.find((s) => s.id === subSectionId);
  useDocumentTitle(subSection ? `${subSection.title} · ${t('common:menu.howTo')}` : t('common:menu.howTo'));

  if (howTo.isPending) return <Loading />;
  if (howTo.isError) return <LoadError message={t('loadError')} onRetry={() => void howTo.refetch()} />;
  if (!section || !subSection) return <Navigate to={FIRST_PAGE} replace />;

  const content = howTo.data;
  const order = pageOrder(content);
  const index = order.findIndex((p) => p.section === section.id && p.subSection === subSection.id);
  const previous = order[index - 1];
  const next = order[index + 1];
  const fromGoals = (location.state as HowToLocationState | null)?.goalsIntro === true;

  return (
    <div className={contentPage.page}>
      <header className={contentPage.header}>
        <h1>{content.title}</h1>
        <p className={contentPage.intro}>{content.intro}</p>
      </header>

      {fromGoals && (
        <section className={styles.welcome} aria-labelledby="goals-intro-title" data-testid="goals-intro">
          <h2 id="goals-intro-title">{t('welcome.title')}</h2>
          <p>{t('welcome.text')}</p>
          <Link to="/goals" viewTransition className={styles.action}>
            {t('welcome.action')}
            <ArrowRight aria-hidden size={18} />
          </Link>
        </section>
      )}

      <SectionNav
        label={t('sectionsLabel')}
        layout="row"
        items={content.sections.map((s, i) => ({
          id: s.id,
          title: s.title,
          to: pagePath(s.id, 1),
          icon: SECTION_ICONS[i] ?? BookOpen,
          current: s.id === section.id,
        }))}
      />

      <article className={contentPage.card} aria-labelledby="howto-title">
        <p className={styles.eyebrow}>{t('sectionOf', { n: section.id, total: content.sections.length })}</p>
        <h2 className={styles.sectionTitle}>{section.title}</h2>
        <p className={styles.summary}>{section.summary}</p>

        {section.subSections.length > 1 && (
          <nav aria-label={t('subSectionsLabel')} className={styles.subNav}>
            <ol>
              {section.subSections.map((sub) => {
                const current = sub.id === subSection.id;
                return (
                  <li key={sub.id}>
                    <Link
                      to={pagePath(section.id, sub.id)}
                      viewTransition
                      className={current ? `${styles.subLink} ${styles.subCurrent}` : styles.subLink}
                      aria-current={current ? 'page' : undefined}
                    >
                      <span className={styles.subNumber}>{sub.id}</span>
                      {sub.title}
                    </Link>
                  </li>
                );
              })}
            </ol>
          </nav>
        )}

        <h3 id="howto-title" className={styles.subTitle}>
          {subSection.title}
        </h3>
        <div className={styles.body}>
          {subSection.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </div>

        <footer className={styles.pager}>
          {previous ? (
            <Link to={pagePath(previous.section, previous.subSection)} viewTransition className={styles.pagerLink}>
              <ArrowLeft aria-hidden size={18} />
              <span>
                <span className={styles.pagerLabel}>{t('previous')}</span>
                {previous.title}
              </span>
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              to={pagePath(next.section, next.subSection)}
              viewTransition
              className={`${styles.pagerLink} ${styles.pagerNext}`}
            >
              <span>
                <span className={styles.pagerLabel}>{t('next')}</span>
                {next.title}
              </span>
              <ArrowRight aria-hidden size={18} />
            </Link>
          )}
        </footer>
      </article>
    </div>
  );
}
