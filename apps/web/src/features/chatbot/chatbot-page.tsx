import { interpolate, Limits, QaRecordType } from '@kilat/contract';
import type { QaNode } from '@kilat/contract/schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { scoreAction } from '@/shared/bridge/native-bridge';
import { useContent, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { toast } from '@/shared/toast';
import { Page, WhatsAppHelp } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { StarRating } from '@/shared/ui/star-rating';
import { qaListKey, qaListQuery, useQaCategories } from './api/get-qa-list';
import { useSaveQaRecord } from './api/save-qa-record';
import { answersMessage, type ChatMessage, canSendText, type Feedback, isHandOver } from './chat-messages';
import styles from './chatbot.module.css';
import { chatbotTexts } from './texts';

let messageIds = 0;
const nextId = () => ++messageIds;

/** The chatbot (spec §2, §4): categories at the bottom, answer lists, feedback, rating and free text. */
export default function ChatbotPage() {
  const t = useT();
  const texts = useContent(chatbotTexts);
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const [orderNo] = useState(() => search.get('orderNo') ?? '');
  const [startCategory] = useState(() => Number(search.get('categoryId') ?? '0'));
  const [activeCategory, setActiveCategory] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [rating, setRating] = useState<{ qaId: number; stars: number } | null>(null);
  const queryClient = useQueryClient();
  const categories = useQaCategories(orderNo);
  const record = useSaveQaRecord();
  const opening = useIsFetching({ queryKey: qaListKey }) > 0;
  const busy = record.isPending || opening;
  // read from the client at the tap, not from the last render: a double tap comes before the render
  const busyNow = () => record.isRunning() || queryClient.isFetching({ queryKey: qaListKey }) > 0;
  const startOpened = useRef(false);
  const end = useRef<HTMLDivElement>(null);
  const inputId = useId();

  const append = (message: ChatMessage) => setMessages((current) => [...current, message]);
  const complaintForm = () => navigate(`${Paths.complaintForm}?${new URLSearchParams(orderNo ? { orderNo } : {})}`);

  const openNode = async (node: Pick<QaNode, 'id' | 'title_local'>) => {
    const answers = await queryClient.fetchQuery(qaListQuery(orderNo, node.id));
    append(answersMessage(nextId(), answers.question?.title_local ?? node.title_local, answers.answerList));
  };

  const chooseCategory = (category: QaNode) => {
    setActiveCategory(category.id);
    openNode(category).catch(() => {});
  };

  // a category chosen on the new complaint page opens once, as soon as the categories are there
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the categories' arrival, for the category of the address
  useEffect(() => {
    if (startOpened.current || !categories.data) return;
    startOpened.current = true;
    const start = categories.data.answerList.find((category) => category.id === startCategory);
    if (start) chooseCategory(start);
  }, [categories.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on each new message, which the body does not read
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  // every record's failure has been shown by the client; the chat stays as it was
  const chooseItem = (node: QaNode) => {
    if (busyNow()) return;
    if (isHandOver(node)) {
      record.mutate({ orderNo, type: QaRecordType.JumpToSupport, value: String(node.id), qaId: node.id }, { onSuccess: complaintForm });
      return;
    }
    append({ id: nextId(), kind: 'user', text: node.title_local });
    openNode(node).catch(() => {});
  };

  const giveFeedback = (message: ChatMessage & { kind: 'answer' }, feedback: Exclude<Feedback, 'open'>) => {
    const value = feedback === 'resolved' ? '1' : '2';
    record.mutate(
      { orderNo, type: QaRecordType.ResolvedFeedback, value, qaId: message.node.id },
      {
        onSuccess: () => {
          setMessages((current) => current.map((line) => (line.id === message.id ? { ...message, feedback } : line)));
          // resolved opens the rating; not resolved only records (spec §4)
          if (feedback === 'resolved') setRating({ qaId: message.node.id, stars: 0 });
        },
      },
    );
  };

  const rate = (stars: number) => {
    if (!rating) return;
    setRating({ ...rating, stars });
    record.mutate(
      { orderNo, type: QaRecordType.StarRating, value: String(stars), qaId: rating.qaId },
      {
        onSuccess: (reply) => {
          setRating(null);
          if (stars < Limits.ratingStars) toast.show(reply.text);
          else void scoreAction(stars);
        },
        onError: () => setRating((current) => current && { ...current, stars: 0 }),
      },
    );
  };

  const sendText = (event: FormEvent) => {
    event.preventDefault();
    if (!canSendText(text) || busyNow()) return;
    const question = text.trim().slice(0, Limits.complaintTextMax);
    setText('');
    append({ id: nextId(), kind: 'user', text: question });
    record.mutate(
      { orderNo, type: QaRecordType.FreeText, value: question },
      {
        onSuccess: (reply) => {
          if (reply.answerList && reply.answerList.length > 0) append(answersMessage(nextId(), reply.text, reply.answerList));
          else append({ id: nextId(), kind: 'reply', text: reply.text, reportText: reply.reportText ?? '' });
        },
      },
    );
  };

  const starLabel = (n: number) => (n === 1 ? texts.oneStar : interpolate(texts.stars, { n }));

  return (
    <Page title={texts.title} back home className={styles.main}>
      <div className={styles.log} role="log" aria-label={texts.conversation}>
        <BotBubble name={texts.bot}>
          <p>{t('chatbotGreeting')}</p>
        </BotBubble>
        {messages.map((message) => {
          switch (message.kind) {
            case 'user':
              return (
                <div key={message.id} className={styles.userBubble}>
                  <span className="visually-hidden">{texts.you}: </span>
                  {message.text}
                </div>
              );
            case 'questions':
              return (
                <BotBubble key={message.id} name={texts.bot}>
                  <p className={styles.questionTitle}>{message.title}</p>
                  <ul className={styles.items}>
                    {message.items.map((item) => (
                      <li key={item.id}>
                        <button type="button" className={styles.item} onClick={() => chooseItem(item)}>
                          {item.title_local}
                        </button>
                      </li>
                    ))}
                  </ul>
                </BotBubble>
              );
            case 'answer':
              return (
                <BotBubble key={message.id} name={texts.bot}>
                  <p>{message.node.title_local}</p>
                  {message.feedback === 'open' ? (
                    <fieldset className={styles.feedback}>
                      <legend className="visually-hidden">{texts.wasThisHelpful}</legend>
                      <button type="button" className="button" onClick={() => giveFeedback(message, 'resolved')}>
                        {t('resolved')}
                      </button>
                      <button type="button" className="button" onClick={() => giveFeedback(message, 'notResolved')}>
                        {t('notResolved')}
                      </button>
                    </fieldset>
                  ) : (
                    <>
                      <p className={styles.feedbackGiven}>{t(message.feedback === 'resolved' ? 'resolved' : 'notResolved')} ✓</p>
                      {/* issue 49: not resolved leads to a person, not a dead end */}
                      {message.feedback === 'notResolved' && <WhatsAppHelp orderNo={orderNo || undefined} />}
                    </>
                  )}
                </BotBubble>
              );
            case 'reply':
              return (
                <BotBubble key={message.id} name={texts.bot}>
                  <p>{message.text}</p>
                  {message.reportText && (
                    <>
                      <p>{message.reportText}</p>
                      <button type="button" className="button button-primary" onClick={complaintForm}>
                        {t('contactCustomerService')}
                      </button>
                    </>
                  )}
                </BotBubble>
              );
            default:
              return null;
          }
        })}
        <div ref={end} />
      </div>

      <div className={styles.dock}>
        <nav className={styles.categories} aria-label={texts.categories}>
          {categories.data?.answerList.map((category) => (
            <button
              key={category.id}
              type="button"
              className={styles.category}
              aria-pressed={category.id === activeCategory}
              onClick={() => chooseCategory(category)}
            >
              {category.title_local_alias || category.title_local}
            </button>
          ))}
        </nav>
        <form className={styles.composer} onSubmit={sendText}>
          <label htmlFor={inputId} className="visually-hidden">
            {texts.inputLabel}
          </label>
          <input
            id={inputId}
            className={styles.input}
            value={text}
            maxLength={Limits.complaintTextMax}
            placeholder={texts.inputPlaceholder}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={!canSendText(text) || busy}>
            {t('sendMessage')}
          </button>
        </form>
      </div>

      <Modal open={rating !== null} title={t('rateYourApplication')} onClose={() => setRating(null)}>
        <StarRating value={rating?.stars ?? 0} onChange={rate} legend={t('rateYourApplication')} starLabel={starLabel} />
        <div className={styles.dialogButtons}>
          <button type="button" className="button" onClick={() => setRating(null)}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              // picking a star sends it at once; Send with none picked asks for one (spec §2)
              if (!rating?.stars) toast.show(t('pleaseChoose'));
            }}
          >
            {t('send')}
          </button>
        </div>
      </Modal>
    </Page>
  );
}

function BotBubble({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={styles.botBubble}>
      <span className="visually-hidden">{name}: </span>
      {children}
    </div>
  );
}
