import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ContentDialog.module.css';
import { useDialogHandlers } from './use-dialog-handlers';

interface ContentDialogProps {
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  children: React.ReactNode;
  testId?: string;
  size?: 'small' | 'frame';
}

/** An accessible modal (focus trapped, Escape closes) with a title bar and a close button. */
export function ContentDialog({ title, open, onOpenChange, children, testId, size = 'small' }: ContentDialogProps) {
  const { t } = useTranslation('content');
  const dialogHandlers = useDialogHandlers(() => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${size === 'frame' ? styles.frameSize : styles.smallSize}`}
          data-testid={testId}
          aria-describedby={undefined}
          {...dialogHandlers}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('loginLinks.close')}>
              <X aria-hidden size={22} />
            </Dialog.Close>
          </header>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const FRAME = { width: 990, height: 600 };

/** Scale 0.8 when the window is shorter than the frame (spec: the course modal, 990 × 600). */
function useFrameScale(): number {
  const read = () => (window.innerHeight < FRAME.height + 80 ? 0.8 : 1);
  const [scale, setScale] = useState(read);
  useEffect(() => {
    const onResize = () => setScale(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

/** A page (survey, pupils' course) in a modal frame, with a way to open it in a new tab instead. */
export function FrameDialog({
  title,
  url,
  open,
  onOpenChange,
  testId,
}: {
  title: string;
  url: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  testId?: string;
}) {
  const { t } = useTranslation('content');
  const scale = useFrameScale();
  return (
    <ContentDialog title={title} open={open} onOpenChange={onOpenChange} testId={testId} size="frame">
      <div className={styles.frameBox} style={{ '--frame-scale': scale } as React.CSSProperties}>
        <iframe src={url} title={title} className={styles.frame} data-testid="content-frame" />
      </div>
      <p className={styles.frameFoot}>
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden size={16} />
          {t('loginLinks.openInNewTab')}
        </a>
      </p>
    </ContentDialog>
  );
}
