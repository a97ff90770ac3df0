import { SupportHours, whatsAppLink } from '@kilat/contract';
import { useId } from 'react';
import { envConfig } from '@/shared/config/env-config';
import { useMarket, useT } from '@/shared/i18n';

interface WhatsAppHelpProps {
  /** the loan the borrower writes about: put in the first message, so the person answering knows it at once */
  orderNo?: string | undefined;
}

/**
 * A person to talk to (issue 49, decision 222): a wa.me link to the market's support number
 * (SUPPORT_WHATSAPP_IN|ID) with the order number in the message, and the hours it is answered.
 */
export function WhatsAppHelp({ orderNo }: WhatsAppHelpProps) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const text = orderNo ? t('whatsAppMessage', { orderNo }) : t('whatsAppMessageNoOrder');
  return (
    <section className="whatsapp-help" aria-labelledby={id}>
      <h2 id={id} className="whatsapp-help-title">
        {t('whatsAppTitle')}
      </h2>
      <a
        className="button button-primary"
        href={whatsAppLink(envConfig.company[market].phone, text)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('whatsAppLink')}
      </a>
      <p className="whatsapp-help-hours">{t('whatsAppHours', SupportHours[market])}</p>
    </section>
  );
}
