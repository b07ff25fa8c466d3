import {
  ChevronLeft,
  ChevronRight,
  Circle,
  CircleCheck,
  CircleDashed,
  CircleX,
  ListTree,
  LogOut,
  Play,
  Save,
  SquareArrowOutUpLeft,
} from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigationRequest, NavigationState } from '../../../launch/messages';
import { partStatus, visiblePartTree, type PartNode, type PartStatus } from './navigation-state';
import styles from './CourseNavigation.module.css';

const STATUS_ICONS: Record<PartStatus, ReactNode> = {
  passed: <CircleCheck aria-hidden size={16} />,
  completed: <CircleCheck aria-hidden size={16} />,
  failed: <CircleX aria-hidden size={16} />,
  incomplete: <CircleDashed aria-hidden size={16} />,
  notStarted: <Circle aria-hidden size={16} />,
};

function Part({ node, current, onChoose }: { node: PartNode; current: string | null; onChoose: (id: string) => void }) {
  const { t } = useTranslation('courses');
  const { part } = node;
  const status = partStatus(part);
  const isCurrent = part.id === current;
  const body = (
    <>
      <span className={styles.partTitle}>
        {isCurrent && <Play aria-hidden size={14} className={styles.currentMark} />}
        {part.title}
      </span>{' '}
      <span className={styles.partStatus} data-status={status}>
        {STATUS_ICONS[status]}
        {t(`player.nav.status.${status}`)}
      </span>
    </>
  );
  return (
    <li>
      {part.choosable ? (
        <button
          type="button"
          className={styles.part}
          aria-current={isCurrent ? 'step' : undefined}
          onClick={() => onChoose(part.id)}
          data-testid="nav-part"
          data-part={part.id}
        >
          {body}
        </button>
      ) : (
        <span
          className={styles.part}
          aria-current={isCurrent ? 'step' : undefined}
          data-testid="nav-part"
          data-part={part.id}
        >
          {body}
        </span>
      )}
      {node.children.length > 0 && <PartList nodes={node.children} current={current} onChoose={onChoose} />}
    </li>
  );
}

function PartList(props: { nodes: PartNode[]; current: string | null; onChoose: (id: string) => void }) {
  return (
    <ol className={styles.parts}>
      {props.nodes.map((node) => (
        <Part key={node.part.id} node={node} current={props.current} onChoose={props.onChoose} />
      ))}
    </ol>
  );
}

/**
 * The parts of a sequenced course, as the launch page reports them, after the course itself (a choice of it starts
 * its flow again): a column beside the content, or on a phone a drawer over it that the controls' "Parts" button
 * opens.
 */
export function ActivityTree({
  id,
  state,
  open,
  onChoose,
  onDismiss,
}: {
  id: string;
  state: NavigationState;
  /** The drawer is open (phones only; the column always shows on wider screens). */
  open: boolean;
  onChoose: (id: string) => void;
  /** Escape in the open drawer. */
  onDismiss: () => void;
}) {
  const { t } = useTranslation('courses');
  const nav = useRef<HTMLElement>(null);
  // An opened drawer takes the focus to the current part, or the first one a choice may go to, or itself.
  useEffect(() => {
    if (!open) return;
    const parts = [...(nav.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    (parts.find((part) => part.getAttribute('aria-current')) ?? parts[0] ?? nav.current)?.focus();
  }, [open]);
  // Escape closes the drawer alone, not the player around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    onDismiss();
  };
  return (
    <nav
      ref={nav}
      id={id}
      tabIndex={-1}
      className={styles.tree}
      data-open={open}
      aria-label={t('player.parts')}
      data-testid="nav-tree"
      onKeyDown={onKeyDown}
    >
      <div className={styles.treeScroll}>
        <PartList
          nodes={[...(state.root ? [{ part: state.root, children: [] }] : []), ...visiblePartTree(state.activities)]}
          current={state.current}
          onChoose={onChoose}
        />
      </div>
    </nav>
  );
}

type ControlRequest = 'previous' | 'continue' | 'exit' | 'suspendAll' | 'exitAll';

const MOVES: { request: ControlRequest; icon: ReactNode }[] = [
  { request: 'previous', icon: <ChevronLeft aria-hidden size={18} /> },
  { request: 'continue', icon: <ChevronRight aria-hidden size={18} /> },
];

const LEAVES: { request: ControlRequest; icon: ReactNode }[] = [
  { request: 'exit', icon: <SquareArrowOutUpLeft aria-hidden size={16} /> },
  { request: 'suspendAll', icon: <Save aria-hidden size={16} /> },
  { request: 'exitAll', icon: <LogOut aria-hidden size={16} /> },
];

/**
 * The player's navigation buttons: each shows only while the launch page reports its request valid and the course
 * does not hide it (`hideLMSUI`). On a phone the "Parts" toggle for the drawer comes first.
 */
export function NavigationControls({
  state,
  treeId,
  partsOpen,
  partsToggle,
  onToggleParts,
  onNavigate,
}: {
  state: NavigationState;
  treeId: string;
  partsOpen: boolean;
  partsToggle: RefObject<HTMLButtonElement | null>;
  onToggleParts: () => void;
  onNavigate: (request: NavigationRequest) => void;
}) {
  const { t } = useTranslation('courses');
  const button = ({ request, icon }: { request: ControlRequest; icon: ReactNode }) => (
    <button
      key={request}
      type="button"
      className={styles.control}
      data-request={request}
      data-testid={`nav-${request}`}
      onClick={() => onNavigate({ request })}
    >
      {request !== 'continue' && icon}
      {t(`player.nav.${request}`)}
      {request === 'continue' && icon}
    </button>
  );
  return (
    <div className={styles.controls} role="group" aria-label={t('player.nav.controls')} data-testid="nav-controls">
      <div className={styles.controlGroup}>
        <button
          ref={partsToggle}
          type="button"
          className={styles.partsToggle}
          aria-expanded={partsOpen}
          aria-controls={treeId}
          onClick={onToggleParts}
          data-testid="nav-parts-toggle"
        >
          <ListTree aria-hidden size={18} />
          {t('player.nav.partsToggle')}
        </button>
        {MOVES.filter(({ request }) => state.controls[request]).map(button)}
      </div>
      <div className={styles.controlGroup}>{LEAVES.filter(({ request }) => state.controls[request]).map(button)}</div>
    </div>
  );
}

/** Over the content once the sequencing session has ended: says so and offers to close. */
export function NavigationEnded({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <div className={styles.ended} role="status" data-testid="nav-ended">
      <CircleCheck aria-hidden size={40} className={styles.endedMark} />
      <p className={styles.endedText}>{t('player.nav.ended')}</p>
      <button type="button" className={styles.endedClose} onClick={onClose} autoFocus data-testid="nav-ended-close">
        {t('player.close')}
      </button>
    </div>
  );
}
