import { type FormEvent, useId, useState } from 'react';
import { useT } from '@/shared/i18n';
import { toast } from '@/shared/toast';
import styles from '../official-site.module.css';
import { type ContactFormFields, isContactFormComplete } from '../sections';

const emptyForm: ContactFormFields = { company: '', subject: '', message: '' };

/** The official contact form (spec §2): validated and acknowledged here; nothing is sent anywhere. */
export function ContactForm() {
  const t = useT();
  const id = useId();
  const [fields, setFields] = useState(emptyForm);
  const update = (name: keyof ContactFormFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isContactFormComplete(fields)) {
      toast.show(t('contactFormIncomplete'));
      return;
    }
    toast.show(t('contactFormSent'));
    setFields(emptyForm);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-company`}>{t('contactCompany')}</label>
      <input
        id={`${id}-company`}
        name="company"
        autoComplete="organization"
        aria-required="true"
        value={fields.company}
        onChange={update('company')}
      />
      <label htmlFor={`${id}-subject`}>{t('contactSubject')}</label>
      <input id={`${id}-subject`} name="subject" aria-required="true" value={fields.subject} onChange={update('subject')} />
      <label htmlFor={`${id}-message`}>{t('contactMessage')}</label>
      <textarea id={`${id}-message`} name="message" rows={5} aria-required="true" value={fields.message} onChange={update('message')} />
      <button type="submit" className={styles.primaryButton}>
        {t('contactSendMessage')}
      </button>
    </form>
  );
}
