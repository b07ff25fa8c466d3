import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../api/client';
import { useWarning } from '../../app/banner';
import { PendingButton } from '../../components/PendingButton';
import type { UserDetails } from './admin-api';
import { ConfirmDialog } from './ConfirmDialog';
import styles from './filters.module.css';
import { messageText } from './messages';

/** A store learner's PIN, for a manager who may give them a new one (the server audits both). */
export function PinReset({ details }: { details: UserDetails }) {
  const { t } = useTranslation('admin');
  const warn = useWarning();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const reset = useMutation({
    mutationFn: () => post('reset_pin', { user_id: details.user.id }),
    onSuccess: async () => {
      setAsking(false);
      await client.invalidateQueries({ queryKey: ['get_user_data'] });
    },
    onError: (error) => (setAsking(false), warn(messageText(t, error))),
  });
  return (
    <section className={styles.card} aria-labelledby="details-pin" data-testid="pin-reset">
      <h3 id="details-pin">{t('pin.title')}</h3>
      {reset.data ? (
        <p role="status" data-testid="new-pin">
          {t('pin.generated', { pin: reset.data.login })}
        </p>
      ) : (
        <p>{t('pin.current', { pin: details.user.login })}</p>
      )}
      <div className={styles.actions}>
        <PendingButton
          type="button"
          className={styles.secondary}
          onClick={() => setAsking(true)}
          pending={reset.isPending}
        >
          {t('pin.generate')}
        </PendingButton>
      </div>
      <ConfirmDialog
        open={asking}
        question={t('pin.confirm')}
        detail={t('pin.confirmDetail')}
        busy={reset.isPending}
        onAnswer={(yes) => (yes ? reset.mutate() : setAsking(false))}
      />
    </section>
  );
}
