import { LANGUAGES, type Language } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import {
  BrainCircuit,
  ClipboardList,
  Cloud,
  ExternalLink,
  FileText,
  HeartPulse,
  Laptop,
  Lock,
  Mail,
  MonitorPlay,
  Phone,
  Truck,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isStoreUser, useProfile } from '../../api/profile';
import contentPage from '../../components/ContentPage.module.css';
import { Empty, LoadError, Loading } from '../../components/PageState';
import { useDocumentTitle } from '../../components/PageTitle';
import { SafeHtml } from '../../components/SafeHtml';
import { SectionNav } from '../../components/SectionNav';
import {
  expertMails,
  forAudience,
  linkTarget,
  loadResources,
  type Resource,
  type ResourceLink,
} from './resources-content';
import styles from './ResourcesPage.module.css';

const SECTION_ICONS: Record<number, LucideIcon> = {
  1: MonitorPlay,
  2: HeartPulse,
  3: BrainCircuit,
  4: Laptop,
  5: Cloud,
  6: Truck,
  7: ClipboardList,
};
const FIRST_PAGE = '/resources/1/1';
const pagePath = (section: number, subSection: number) => `/resources/${section}/${subSection}`;

const linkButtonClass = `${contentPage.linkButton} ${styles.longLabel}`;

function ResourceLinkButton({ link }: { link: ResourceLink }) {
  const { t } = useTranslation('content');
  const target = linkTarget(link.url);
  const restricted = link.access !== 'public';
  const note = restricted ? (
    <span className={styles.access} data-testid="access-note">
      <Lock aria-hidden size={14} />
      {t(`resources.access.${link.access}`)}
    </span>
  ) : null;
  if (target.kind === 'portal') {
    return (
      <span className={styles.linkItem}>
        <Link to={target.href} viewTransition className={linkButtonClass}>
          {link.label}
        </Link>
      </span>
    );
  }
  return (
    <span className={styles.linkItem}>
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={linkButtonClass}>
        {target.kind === 'pdf' ? <FileText aria-hidden size={16} /> : <ExternalLink aria-hidden size={16} />}
        {link.label}
        <span className="visually-hidden"> {t('resources.newTab')}</span>
      </a>
      {note}
    </span>
  );
}

/** A resource; its title one level under the section's heading, or under the sub-section's where there is one. */
function ResourceCard({ resource, Heading }: { resource: Resource; Heading: 'h3' | 'h4' }) {
  return (
    <li className={styles.resource} data-testid="resource">
      <Heading className={styles.resourceTitle}>{resource.resource_title}</Heading>
      {resource.resource_description && <p>{resource.resource_description}</p>}
      <div className={styles.links}>
        {resource.links.map((link) => (
          <ResourceLinkButton key={link.url + link.label} link={link} />
        ))}
      </div>
    </li>
  );
}

/** `/resources/{section}/{subSection}`: the seven resource sections of the user's language. */
export function ResourcesPage() {
  const { t, i18n } = useTranslation('content');
  const params = useParams();
  const { data: user } = useProfile();
  const language = ((LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'lv') as Language;
  const content = useQuery({
    queryKey: ['resources', language],
    queryFn: () => loadResources(language),
    staleTime: Infinity,
  });
  const sectionId = Number(params.section);
  const subSectionId = Number(params.subSection);
  const section = content.data?.sections.find((s) => s.id === sectionId);
  const subCount = section?.sectionLinks?.length ?? 0;
  useDocumentTitle(section ? `${section.section_name} · ${t('resources.title')}` : t('resources.title'));

  if (content.isPending || !user) return <Loading />;
  if (content.isError) return <LoadError message={t('resources.loadError')} onRetry={() => void content.refetch()} />;
  if (!section || subSectionId < 1 || subSectionId > Math.max(1, subCount)) return <Navigate to={FIRST_PAGE} replace />;

  const visible = forAudience(section.section_resources, isStoreUser(user)).filter(
    (r) => subCount === 0 || r.subSection === subSectionId,
  );
  const mails = expertMails(section.section_expert_mail);
  const Icon = SECTION_ICONS[section.id] ?? MonitorPlay;

  return (
    <div className={contentPage.page}>
      <header className={contentPage.header}>
        <h1>{t('resources.title')}</h1>
        <p className={contentPage.intro}>{t('resources.intro')}</p>
      </header>

      <SectionNav
        label={t('resources.sectionsLabel')}
        layout="tiles"
        linkTestId="resources-section-link"
        items={content.data.sections.map((s) => ({
          id: s.id,
          title: s.section_name,
          to: pagePath(s.id, 1),
          icon: SECTION_ICONS[s.id] ?? MonitorPlay,
          current: s.id === section.id,
        }))}
      />

      <div className={styles.layout}>
        <article className={contentPage.card} aria-labelledby="resources-section-title" data-testid="resources-section">
          <div className={styles.sectionHead}>
            <Icon aria-hidden size={28} className={styles.headIcon} />
            <h2 id="resources-section-title">{section.section_name}</h2>
          </div>
          <SafeHtml
            html={section.section_description}
            className={contentPage.description}
            testId="section-description"
          />

          {subCount > 0 && (
            <nav aria-label={t('resources.subSectionsLabel')} className={styles.subNav}>
              <ol>
                {section.sectionLinks!.map((label, i) => {
                  const current = i + 1 === subSectionId;
                  return (
                    <li key={label}>
                      <Link
                        to={pagePath(section.id, i + 1)}
                        viewTransition
                        className={current ? `${styles.subLink} ${styles.subCurrent}` : styles.subLink}
                        aria-current={current ? 'page' : undefined}
                      >
                        {label}
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </nav>
          )}
          {subCount > 0 && <h3 className={styles.subTitle}>{section.sectionLinks![subSectionId - 1]}</h3>}

          {visible.length === 0 ? (
            <Empty>{t('resources.empty')}</Empty>
          ) : (
            <ul className={styles.resources}>
              {visible.map((resource) => (
                <ResourceCard key={resource.resource_title} resource={resource} Heading={subCount > 0 ? 'h4' : 'h3'} />
              ))}
            </ul>
          )}
        </article>

        {!section.hide_expert && section.section_expert_name && (
          <aside className={styles.expert} aria-labelledby="expert-title" data-testid="expert">
            <h2 id="expert-title" className={styles.expertTitle}>
              <Users aria-hidden size={18} />
              {t('resources.expert')}
            </h2>
            <p className={styles.expertName}>
              <UserRound aria-hidden size={18} />
              {section.section_expert_name}
            </p>
            {section.section_expert_phone && (
              <p>
                <Phone aria-hidden size={16} />
                <span className="visually-hidden">{t('resources.phone')}: </span>
                <a href={`tel:${section.section_expert_phone.replace(/\s/g, '')}`}>{section.section_expert_phone}</a>
              </p>
            )}
            {mails.map((mail) => (
              <p key={mail}>
                <Mail aria-hidden size={16} />
                <span className="visually-hidden">{t('resources.email')}: </span>
                <a href={`mailto:${mail}`}>{mail}</a>
              </p>
            ))}
          </aside>
        )}
      </div>
    </div>
  );
}
