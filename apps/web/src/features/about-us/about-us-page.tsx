import { interpolate } from '@kilat/contract';
import { envConfig } from '@/shared/config/env-config';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { GrievanceContact, Page } from '@/shared/ui';
import styles from './about-us.module.css';
import logo from './assets/logo.svg';
import team from './assets/team.svg';
import { aboutUsTexts } from './texts';

/** /aboutUs: logo, app name, welcome, reasons to choose, products and getting started (spec §2). */
export default function AboutUsPage() {
  const texts = useContent(aboutUsTexts);
  const t = useT();
  const market = useMarket();
  const appName = envConfig.appName[market];
  const company = envConfig.company[market];
  const values = { appName, company: company.name };

  return (
    <Page title={t('aboutUs')} home>
      <div className={styles.about}>
        <div className={styles.intro}>
          <img src={logo} alt={interpolate(texts.logoAlt, values)} width={80} height={80} />
          <p className={styles.appName}>{appName}</p>
        </div>
        <section>
          <h2>{interpolate(texts.welcomeHeading, values)}</h2>
          <p>{interpolate(texts.welcome, values)}</p>
        </section>
        <section>
          <h2>{texts.reasonsHeading}</h2>
          <ul className={styles.cards}>
            {texts.reasons.map((reason) => (
              <li key={reason.title}>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{texts.productsHeading}</h2>
          <ul className={styles.cards}>
            {texts.products.map((product) => (
              <li key={product.title}>
                <h3>{product.title}</h3>
                <p>{product.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{texts.startHeading}</h2>
          <ol className={styles.steps}>
            {texts.steps.map((step) => (
              <li key={step}>{interpolate(step, values)}</li>
            ))}
          </ol>
          <img className={styles.team} src={team} alt={interpolate(texts.teamAlt, values)} width={360} height={160} />
        </section>
        <section>
          <h2>{texts.lenderHeading}</h2>
          <p>{interpolate(texts.lenderText, values)}</p>
          <dl className={styles.lender}>
            <dt>{t('footerAddress')}</dt>
            <dd>{company.address}</dd>
            <dt>{t('lenderRegistration')}</dt>
            <dd>{company.registration}</dd>
          </dl>
        </section>
        <GrievanceContact />
      </div>
    </Page>
  );
}
