import { AlertCircle, CheckCircle2, Circle, Eye, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGet, usePost } from '../../api/queries';
import { BundleScreen } from '../../components/BundleScreen';
import { bundleStyles as styles } from '../../components/Bundles';
import { ContentDialog } from '../../components/ContentDialog';
import legend from './InstructionsPage.module.css';
import { useUserLang } from '../../i18n/use-user-lang';

function Legend() {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const items = [
    { key: 'mandatory', icon: <AlertCircle aria-hidden size={18} className={legend.mandatory} /> },
    { key: 'new', icon: <Circle aria-hidden size={18} className={legend.new} /> },
    { key: 'seen', icon: <Eye aria-hidden size={18} className={legend.seen} /> },
    { key: 'complete', icon: <CheckCircle2 aria-hidden size={18} className={legend.complete} /> },
  ];
  return (
    <>
      <button type="button" className={styles.secondary} onClick={() => setOpen(true)} data-testid="legend-button">
        <Info aria-hidden size={18} />
        {t('instructions.legend')}
      </button>
      <ContentDialog title={t('instructions.legendTitle')} open={open} onOpenChange={setOpen} testId="legend">
        <ul className={legend.list}>
          {items.map((item) => (
            <li key={item.key}>
              {item.icon}
              <span>{t(`instructions.legendItems.${item.key}`)}</span>
            </li>
          ))}
        </ul>
      </ContentDialog>
    </>
  );
}

/** `/instructions/{section}`: the instruction bundles of the user's position, mandatory ones first. */
export function InstructionsPage() {
  const { t } = useTranslation('content');
  const list = useGet('get_instructions', { userLang: useUserLang() });
  const markSeen = usePost('set_instruction_seen', ['get_instructions']);
  const confirm = usePost('set_instruction_bundle_complete', ['get_instructions']);
  return (
    <BundleScreen
      basePath="/instructions"
      list={list}
      markSeen={markSeen}
      complete={confirm}
      texts={{ title: t('instructions.title'), intro: t('instructions.intro'), empty: t('instructions.empty') }}
      card={{
        completeLabel: t('instructions.confirmRead'),
        doneLabel: t('instructions.confirmed'),
        completeIcon: <CheckCircle2 aria-hidden size={18} />,
        showMandatory: true,
      }}
      headerAction={<Legend />}
    />
  );
}
