import { interpolate, Limits } from '@kilat/contract';
import { useEffect, useId, useState } from 'react';
import { useSearch } from 'wouter';
import { useContent, useT } from '@/shared/i18n';
import { toast } from '@/shared/toast';
import { DetailRows, GrievanceContact, Page, QueryState, WhatsAppHelp } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { StarRating } from '@/shared/ui/star-rating';
import { useProblemDetail } from './api/get-problem-detail';
import { useSaveScore } from './api/save-score';
import { descriptionCounter } from './complaint-rules';
import styles from './complaints.module.css';
import { complaintTexts } from './texts';

interface ShownImage {
  url: string;
  alt: string;
}

/** Thumbnails that open the image large in a viewer (a dialog with its own close button). */
function ImageList({
  urls,
  label,
  altOf,
  enlargeLabel,
  onOpen,
}: {
  urls: readonly string[];
  label: string;
  altOf: (n: number) => string;
  enlargeLabel: (alt: string) => string;
  onOpen: (image: ShownImage) => void;
}) {
  if (urls.length === 0) return null;
  return (
    <ul className={styles.imageList} aria-label={label}>
      {urls.map((url, index) => {
        const alt = altOf(index + 1);
        return (
          <li key={url}>
            <button type="button" className={styles.thumbButton} aria-label={enlargeLabel(alt)} onClick={() => onOpen({ url, alt })}>
              <img src={url} alt={alt} loading="lazy" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The complaint detail (spec §2): read-only complaint, the Process Result, and the rating dialog 3 s after load. */
export default function ComplaintDetailPage() {
  const t = useT();
  const texts = useContent(complaintTexts);
  const problemId = new URLSearchParams(useSearch()).get('problemId') ?? '';
  const detail = useProblemDetail(problemId);
  const saveScore = useSaveScore();
  const [ratingOpen, setRatingOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const [shown, setShown] = useState<ShownImage | null>(null);
  const ids = { content: useId(), result: useId(), deadline: useId() };
  const isScore = detail.data?.isScore ?? 0;

  // spec §2: three seconds after load, if isScore is non-zero
  useEffect(() => {
    if (isScore === 0) return;
    const timer = setTimeout(() => setRatingOpen(true), Limits.complaintDetailRatingDelayMs);
    return () => clearTimeout(timer);
  }, [isScore]);

  const cancelRating = () => {
    setRatingOpen(false);
    setStars(0);
  };

  const sendRating = () => {
    if (stars === 0) {
      toast.show(t('pleaseChoose'));
      return;
    }
    saveScore.mutate(
      { problemId, score: stars },
      {
        onSuccess: () => {
          setRatingOpen(false);
          setStars(0);
          toast.show(t('successfulDemonstration'));
        },
      },
    );
  };

  const altOf = (n: number) => interpolate(texts.imageAlt, { n });
  const images = { altOf, enlargeLabel: (name: string) => interpolate(texts.enlargeImage, { name }), onOpen: setShown };

  return (
    <Page title={texts.detailTitle} back home>
      <QueryState query={detail}>
        {(data) => (
          <>
            <section className={styles.card} aria-labelledby={ids.content}>
              <h2 id={ids.content} className="visually-hidden">
                {texts.detailTitle}
              </h2>
              <DetailRows
                className={styles.detailRows}
                rows={[
                  { label: texts.typeLabel, value: data.type },
                  data.sonType !== '' && { label: texts.subTypeLabel, value: data.sonType },
                  { label: texts.statusLabel, value: data.status },
                  data.repliedAt !== '' && { label: texts.repliedAtLabel, value: <span className="money">{data.repliedAt}</span> },
                ]}
              />
              <p className={styles.cardTitle}>{texts.contentLabel}</p>
              <p className={styles.readOnlyText}>{data.content}</p>
              <p className={styles.counter}>{descriptionCounter(data.content)}</p>
              <ImageList urls={data.images} label={texts.imagesLabel} {...images} />
            </section>

            {(data.disposeDetail !== '' || data.disposeImages.length > 0) && (
              <section className={styles.card} aria-labelledby={ids.result}>
                <h2 id={ids.result} className={styles.cardTitle}>
                  {t('processResult')}
                </h2>
                {data.disposeDetail && <p className={styles.readOnlyText}>{data.disposeDetail}</p>}
                <ImageList urls={data.disposeImages} label={texts.replyImages} {...images} />
              </section>
            )}

            {/* issue 49: the lender's time under the regulator's rule, and where the complaint may go after it */}
            <section className={styles.card} aria-labelledby={ids.deadline}>
              <h2 id={ids.deadline} className={styles.cardTitle}>
                {texts.deadlineTitle}
              </h2>
              {data.grievance.extensionReason !== '' && <p>{t('grievanceExtended', { reason: data.grievance.extensionReason })}</p>}
              {!data.grievance.mayEscalate && (
                <p>
                  {data.grievance.daysLeft === 1
                    ? t('grievanceDaysLeftOne', { date: data.grievance.deadline })
                    : t('grievanceDaysLeft', { days: Math.max(data.grievance.daysLeft, 0), date: data.grievance.deadline })}
                </p>
              )}
              {data.grievance.daysLeft < 0 && <p>{t('grievanceDeadlinePassed', { date: data.grievance.deadline })}</p>}
            </section>
            <WhatsAppHelp />
            <GrievanceContact />
          </>
        )}
      </QueryState>

      <Modal open={shown !== null} title={shown?.alt ?? ''} onClose={() => setShown(null)}>
        {shown && <img className={styles.enlarged} src={shown.url} alt={shown.alt} />}
        <div className={styles.dialogButtons}>
          <button type="button" className="button" onClick={() => setShown(null)}>
            {texts.closeImage}
          </button>
        </div>
      </Modal>

      <Modal open={ratingOpen} title={t('rateThisService')} onClose={cancelRating}>
        <StarRating
          value={stars}
          onChange={setStars}
          legend={t('rateThisService')}
          starLabel={(n) => (n === 1 ? texts.oneStar : interpolate(texts.stars, { n }))}
        />
        <div className={styles.dialogButtons}>
          <button type="button" className="button" onClick={cancelRating}>
            {t('cancel')}
          </button>
          <button type="button" className="button button-primary" onClick={sendRating} disabled={saveScore.isPending}>
            {t('send')}
          </button>
        </div>
      </Modal>
    </Page>
  );
}
