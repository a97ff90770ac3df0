import { COLLECTION_PROBLEM_TYPE, interpolate, Limits } from '@kilat/contract';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useContent, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { toast } from '@/shared/toast';
import { GrievanceContact, Page, WhatsAppHelp } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { useProblemInit } from './api/get-problem-init';
import { useSaveProblem } from './api/save-problem';
import { uploadProblemImage } from './api/upload-problem-image';
import {
  addWithinCap,
  clearComplaintOrder,
  descriptionCounter,
  imageRows,
  joinImageUrls,
  limitDescription,
  readComplaintOrder,
} from './complaint-rules';
import styles from './complaints.module.css';
import { complaintTexts } from './texts';

interface EvidenceImage {
  key: string;
  preview: string;
  /** 0 to 1 while uploading */
  progress: number;
  /** the server's url once uploaded */
  url: string | null;
}

const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp';
let imageKeys = 0;

const numberParam = (search: URLSearchParams, name: string): number | undefined => {
  const value = Number(search.get(name) ?? '');
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** The complaint form (spec §2): chosen type tags, description x/200, up to 9 images, Send. */
export default function ComplaintFormPage() {
  const t = useT();
  const texts = useContent(complaintTexts);
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const [askedOrderNo] = useState(() => search.get('orderNo') || readComplaintOrder());
  const init = useProblemInit(askedOrderNo ? { orderNo: askedOrderNo } : {});
  // opened without an order (the chatbot opened directly), the complaint is about the server's selected order
  const order = init.data?.orderDetail ?? init.data?.orderList[0] ?? null;
  const orderNo = askedOrderNo || order?.orderNo || '';
  const noOrder = init.isSuccess && orderNo === '';
  const [problemType, setProblemType] = useState(() => numberParam(search, 'problemType'));
  const [problemSonType, setProblemSonType] = useState(() => numberParam(search, 'problemSonType'));
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<EvidenceImage[]>([]);
  const [sent, setSent] = useState(false);
  const save = useSaveProblem();
  const ids = { description: useId(), counter: useId(), images: useId(), types: useId() };
  const previews = useRef(new Set<string>());

  // the success modal closes after 1.5 s, then the borrower is back on the complaint entry (spec §2)
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate(Paths.complaintEntry, { replace: true }), Limits.complaintSuccessModalMs);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const types = init.data?.problemType ?? [];
  const subTypes = init.data?.problemSonType ?? [];
  const typeTitle = types.find((type) => type.value === problemType)?.title;
  const subTypeTitle = problemType === COLLECTION_PROBLEM_TYPE ? subTypes.find((type) => type.value === problemSonType)?.title : undefined;
  // opened without a type (the chatbot's hand-over), the borrower picks one here
  const [choosing] = useState(() => problemType === undefined);

  const pickType = (value: number) => {
    if (value === COLLECTION_PROBLEM_TYPE) {
      const chosen = init.data?.orderDetail ?? init.data?.orderList.find((candidate) => candidate.orderNo === orderNo);
      if (chosen?.isShow !== 1) {
        toast.show(t('collectionNotSupported'));
        return;
      }
    }
    setProblemType(value);
    setProblemSonType(undefined);
  };

  const updateImage = (key: string, change: Partial<EvidenceImage> | null) =>
    setImages((current) =>
      change === null
        ? current.filter((image) => image.key !== key)
        : current.map((image) => (image.key === key ? { ...image, ...change } : image)),
    );

  const addImages = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    // images beyond 9 are ignored (spec §5)
    const accepted = addWithinCap<File | EvidenceImage>(images, files).slice(images.length) as File[];
    const added = accepted.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { file, image: { key: `image-${++imageKeys}`, preview, progress: 0, url: null } satisfies EvidenceImage };
    });
    setImages((current) =>
      addWithinCap(
        current,
        added.map(({ image }) => image),
      ),
    );
    for (const { file, image } of added) {
      uploadProblemImage(file, (progress) => updateImage(image.key, { progress }))
        .then(({ url }) => {
          updateImage(image.key, { url, progress: 1 });
          toast.show(t('uploadSucceeded'));
        })
        .catch(() => updateImage(image.key, null));
    }
  };

  const send = () => {
    if (save.isRunning()) return;
    if (orderNo === '') {
      toast.show(texts.noOrderToComplain);
      return;
    }
    if (problemType === undefined) {
      toast.show(t('selectQuestionType'));
      return;
    }
    if (problemType === COLLECTION_PROBLEM_TYPE && problemSonType === undefined) {
      toast.show(texts.chooseSubType);
      return;
    }
    if (description.trim() === '') {
      toast.show(t('fillInComments'));
      return;
    }
    if (images.some((image) => image.url === null)) {
      toast.show(t('uploading'));
      return;
    }
    const close = toast.loading(t('saving'));
    save.mutate(
      {
        problemType,
        problemSonType: problemType === COLLECTION_PROBLEM_TYPE ? problemSonType : undefined,
        problemDetail: description,
        problemImage: joinImageUrls(images.map((image) => image.url ?? '')),
        orderNo,
      },
      {
        onSettled: close,
        onSuccess: () => {
          clearComplaintOrder();
          setSent(true);
        },
      },
    );
  };

  const tiles: (EvidenceImage | 'add')[] = images.length < Limits.complaintImagesMax ? [...images, 'add'] : images;

  return (
    <Page title={texts.formTitle} back>
      {noOrder && (
        <p className={styles.card} role="alert">
          {texts.noOrderToComplain}
        </p>
      )}
      {!askedOrderNo && order && (
        <p className={styles.card}>
          {texts.aboutOrder}: <strong>{order.productName}</strong> · {order.orderNo}
        </p>
      )}
      {choosing ? (
        <fieldset className={styles.card}>
          <legend className={styles.cardTitle}>{t('selectQuestionType')}</legend>
          <div className={styles.tags}>
            {types.map((type) => (
              <button
                key={type.value}
                type="button"
                className={styles.tag}
                aria-pressed={type.value === problemType}
                onClick={() => pickType(type.value)}
              >
                {type.title}
              </button>
            ))}
          </div>
          {problemType === COLLECTION_PROBLEM_TYPE && (
            <fieldset className={styles.tags}>
              <legend className="visually-hidden">{texts.chooseSubType}</legend>
              {subTypes.map((type) => (
                <button
                  key={type.value}
                  type="button"
                  className={styles.tag}
                  aria-pressed={type.value === problemSonType}
                  onClick={() => setProblemSonType(type.value)}
                >
                  {type.title}
                </button>
              ))}
            </fieldset>
          )}
        </fieldset>
      ) : (
        <section className={styles.card} aria-labelledby={ids.types}>
          <h2 id={ids.types} className={styles.cardTitle}>
            {texts.chosenType}
          </h2>
          <ul className={styles.tags}>
            {typeTitle && <li className={styles.tag}>{typeTitle}</li>}
            {subTypeTitle && <li className={styles.tag}>{subTypeTitle}</li>}
          </ul>
        </section>
      )}

      <div className={styles.card}>
        <label htmlFor={ids.description} className={styles.cardTitle}>
          {texts.descriptionLabel}
        </label>
        <textarea
          id={ids.description}
          className={styles.textarea}
          rows={6}
          maxLength={Limits.complaintTextMax}
          placeholder={texts.descriptionPlaceholder}
          aria-describedby={ids.counter}
          value={description}
          onChange={(event) => setDescription(limitDescription(event.target.value))}
        />
        <p id={ids.counter} className={styles.counter}>
          {descriptionCounter(description)}
        </p>
      </div>

      <section className={styles.card} aria-labelledby={ids.images}>
        <h2 id={ids.images} className={styles.cardTitle}>
          {texts.imagesLabel}
        </h2>
        <div className={styles.imageGrid}>
          {imageRows(tiles).map((row) => (
            <div key={row.map((tile) => (tile === 'add' ? 'add' : tile.key)).join()} className={styles.imageRow}>
              {row.map((tile) =>
                tile === 'add' ? (
                  <label key="add" className={styles.addTile}>
                    <input className="visually-hidden" type="file" accept={ACCEPTED_IMAGES} multiple onChange={addImages} />
                    <span aria-hidden="true" className={styles.plus}>
                      +
                    </span>
                    <span>{texts.addImage}</span>
                  </label>
                ) : (
                  <figure key={tile.key} className={styles.imageTile}>
                    <img src={tile.preview} alt={interpolate(texts.imageAlt, { n: images.indexOf(tile) + 1 })} />
                    {tile.url === null && (
                      <progress
                        className={styles.progress}
                        max={1}
                        value={tile.progress}
                        aria-label={interpolate(texts.uploadProgress, { n: images.indexOf(tile) + 1 })}
                      />
                    )}
                    <button
                      type="button"
                      className={styles.removeImage}
                      aria-label={interpolate(texts.removeImage, { n: images.indexOf(tile) + 1 })}
                      onClick={() => updateImage(tile.key, null)}
                    >
                      ×
                    </button>
                  </figure>
                ),
              )}
            </div>
          ))}
        </div>
      </section>

      <p className={styles.note}>{t('replyWithinWeekdays')}</p>
      <button type="button" className="button button-primary button-block" onClick={send} disabled={save.isPending || sent || noOrder}>
        {t('send')}
      </button>

      <WhatsAppHelp orderNo={orderNo || undefined} />
      <GrievanceContact />

      <Modal open={sent} title={t('successfullySent')}>
        <p>{t('commentsReceived')}</p>
      </Modal>
    </Page>
  );
}
