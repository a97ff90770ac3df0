import { interpolate, Market } from '@kilat/contract';
import { useMemo } from 'react';
import { envConfig } from '@/shared/config/env-config';
import { useContent, useMarket } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { pageParam } from '@/shared/query-context';
import { Page, Spinner } from '@/shared/ui';
import { useChannelTemplate } from './api/get-channel-template';
import { DEFAULT_DOWNLOAD_URL, downloadKind, isSafeLink } from './download-links';
import styles from './promotion.module.css';
import { readChannelParams, templateIdOf } from './registration-rules';
import { promotionTexts } from './texts';

/** #/downloadTemplate (spec §2, §4): after registering, the borrower downloads the app the template links to. */
export default function DownloadTemplatePage() {
  const texts = useContent(promotionTexts);
  const market = useMarket();
  const channel = useMemo(() => readChannelParams(pageParam), []);
  const template = useChannelTemplate(templateIdOf(channel, 'download'));
  const appName = envConfig.appName[market];
  const configured = template.data?.downloadUrl ?? '';
  const downloadUrl = configured && isSafeLink(configured) ? configured : DEFAULT_DOWNLOAD_URL;
  const labels = {
    googlePlay: texts.googlePlay,
    appStore: texts.appStore,
    apk: texts.apk,
    other: interpolate(texts.downloadApp, { appName }),
  };

  return (
    <Page title={texts.downloadTitle}>
      {template.isLoading ? (
        <Spinner />
      ) : (
        <div className={styles.download}>
          {template.data?.images.map((image, index) => (
            <img
              key={image}
              className={styles.banner}
              src={image}
              alt=""
              width={390}
              height={180}
              loading={index === 0 ? 'eager' : 'lazy'}
            />
          ))}
          <p>{interpolate(texts.downloadIntro, { appName })}</p>
          <a className="button button-primary button-block" href={downloadUrl} rel="noopener">
            {labels[downloadKind(downloadUrl)]}
          </a>
          {/* a borrower who registered in a phone browser can log in right here (issue 30) */}
          <p className={styles.onTheWeb}>
            {texts.orOnTheWeb}{' '}
            <a href={`${Paths.login}?${new URLSearchParams({ isNeedPop: market === Market.India ? '1' : '0' })}`}>{texts.logInOnTheWeb}</a>
          </p>
        </div>
      )}
    </Page>
  );
}
