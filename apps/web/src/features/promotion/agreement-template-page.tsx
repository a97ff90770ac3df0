import { useMemo } from 'react';
import { useContent } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { Empty, Page, Spinner } from '@/shared/ui';
import { useChannelTemplate } from './api/get-channel-template';
import { agreementAt, isSafeLink } from './download-links';
import styles from './promotion.module.css';
import { readChannelParams, templateIdOf } from './registration-rules';
import { promotionTexts } from './texts';

/** #/agreementTemplate (spec §2): the landing template's agreement that links_id names. */
export default function AgreementTemplatePage() {
  const texts = useContent(promotionTexts);
  const channel = useMemo(() => readChannelParams(pageParam), []);
  const template = useChannelTemplate(templateIdOf(channel, 'agreement'));
  const agreement = template.data ? agreementAt(template.data.agreements, channel.links_id) : undefined;

  if (template.isLoading) {
    return (
      <Page title={texts.agreementTitle} back>
        <Spinner />
      </Page>
    );
  }
  return (
    <Page title={agreement?.title || texts.agreementTitle} back>
      {agreement && isSafeLink(agreement.url) ? (
        <iframe className={styles.agreementFrame} src={agreement.url} title={agreement.title} />
      ) : (
        <Empty art="document" description={texts.agreementNotFound} />
      )}
    </Page>
  );
}
