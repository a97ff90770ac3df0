import { interpolate, Limits, Market, MarketTerms, salaryFloorMinor } from '@kilat/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { envConfig } from '@/shared/config/env-config';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT, type WebMessageKey } from '@/shared/i18n';
import { useRecoveryAgencies } from './api/get-recovery-agencies';
import aboutImage from './assets/about.svg';
import howItWorks from './assets/how-it-works.svg';
import logo from './assets/logo.svg';
import userReviews from './assets/user-reviews.svg';
import { Carousel } from './components/carousel';
import { ContactForm } from './components/contact-form';
import { SiteFooter } from './components/site-footer';
import styles from './official-site.module.css';
import { type OfficialSectionId, officialSections, sectionForPath } from './sections';
import { type OfficialSiteTexts, officialSiteTexts } from './texts';

const navLabels: Record<OfficialSectionId, WebMessageKey> = {
  home: 'navHome',
  about: 'navAboutUs',
  user: 'navUserReviews',
  policy: 'navPrivacyPolicy',
  loan: 'navLoanTerms',
  contact: 'navContactUs',
};

interface OfficialSitePageProps {
  /** the loan terms document, composed in by the app so that features stay apart */
  loanTerms: ReactNode;
}

/** The official marketing site (spec §2): one address per section, and only the chosen section shows. */
export default function OfficialSitePage({ loanTerms }: OfficialSitePageProps) {
  const [location] = useLocation();
  const section = sectionForPath(location);
  const texts = useContent(officialSiteTexts);
  const t = useT();
  const market = useMarket();
  const appName = envConfig.appName[market];
  const heading = section === 'home' ? texts.home.heading : t(navLabels[section]);

  const navList = useRef<HTMLUListElement>(null);
  // the one-row navigation scrolls sideways: bring the current section's link into view
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of section, which the body reads through the DOM
  useEffect(() => {
    navList.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [section]);

  useEffect(() => {
    document.title = section === 'home' ? texts.pageTitle : `${heading} — ${appName}`;
  }, [section, heading, appName, texts.pageTitle]);

  return (
    <div className={styles.site}>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          <img src={logo} alt="" width={32} height={32} />
          <span>{appName}</span>
        </Link>
        <nav aria-label={texts.navLabel}>
          <ul className={styles.nav} ref={navList}>
            {officialSections.map((item) => (
              <li key={item.id}>
                {/* choosing a section scrolls to top (spec §2), also the one already shown, whose address does not change */}
                <Link href={item.path} aria-current={item.id === section ? 'page' : undefined} onClick={() => window.scrollTo(0, 0)}>
                  {t(navLabels[item.id])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className={styles.main}>
        <h1 className={styles.heading}>{heading}</h1>
        <SectionContent section={section} texts={texts} market={market} loanTerms={loanTerms} />
      </main>
      <SiteFooter market={market} />
    </div>
  );
}

/** The recovery agencies Kilat uses (RBI asks lenders to list them on their website), from the collections teams. */
function RecoveryAgencies({ texts }: { texts: OfficialSiteTexts }) {
  const agencies = useRecoveryAgencies();
  return (
    <section className={styles.block} aria-labelledby="recovery-agencies">
      <h2 id="recovery-agencies">{texts.about.agenciesHeading}</h2>
      {agencies.data && agencies.data.list.length === 0 && <p>{texts.about.agenciesNone}</p>}
      {agencies.data && agencies.data.list.length > 0 && (
        <>
          <p>{texts.about.agenciesIntro}</p>
          <ul>
            {agencies.data.list.map((agency) => (
              <li key={agency.name}>
                <strong>{agency.name}</strong> · {agency.contact}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SectionContent({
  section,
  texts,
  market,
  loanTerms,
}: {
  section: OfficialSectionId;
  texts: OfficialSiteTexts;
  market: Market;
  loanTerms: ReactNode;
}) {
  switch (section) {
    case 'home': {
      // the market's loan range and salary floor, written by the one formatter (decision 055)
      const terms = MarketTerms[market];
      const figures = {
        amountMin: formatMoney(terms.amountMinMinor, market),
        amountMax: formatMoney(terms.amountMaxMinor, market),
        salaryFloor: formatMoney(salaryFloorMinor(market), market),
      };
      // the banners are static files of apps/web/public/banners, out of the JS (decision 085)
      return (
        <>
          <Carousel
            slides={[
              { image: '/banners/fast-loan.svg', caption: interpolate(texts.home.banners[market][0] ?? '', figures) },
              { image: '/banners/salary-day.svg', caption: interpolate(texts.home.banners[market][1] ?? '', figures) },
            ]}
            intervalMs={Limits.homeCarouselIntervalMs}
            label={texts.home.carouselLabel}
            slideLabel={(index, count) => interpolate(texts.home.slideLabel, { index, count })}
            pauseLabel={texts.home.pause}
            playLabel={texts.home.play}
          />
          <section className={styles.block}>
            <h2>{texts.home.stepsHeading}</h2>
            <img className={styles.wideImage} src={howItWorks} alt={texts.home.stepsImageAlt} width={360} height={120} />
            <ol className={styles.steps}>
              {texts.home.steps.map((step) => (
                <li key={step.title}>
                  <strong>{step.title}</strong> {step.text}
                </li>
              ))}
            </ol>
          </section>
        </>
      );
    }
    case 'about':
      return (
        <div className={styles.block}>
          <img className={styles.wideImage} src={aboutImage} alt={texts.about.imageAlt} width={360} height={160} />
          <p>
            {interpolate(texts.about.text, {
              company: envConfig.company[market].name,
              registration: envConfig.company[market].registration,
              address: envConfig.company[market].address,
            })}
          </p>
          <RecoveryAgencies texts={texts} />
        </div>
      );
    case 'user':
      return (
        <div className={styles.block}>
          <img className={styles.wideImage} src={userReviews} alt={texts.user.imageAlt} width={360} height={90} />
          <ul className={styles.reviews}>
            {texts.user.reviews.map((review) => (
              <li key={review.name}>
                <figure>
                  <blockquote>{review.text}</blockquote>
                  <figcaption>
                    {review.name} · <span>{texts.user.ratingLabel}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'policy':
      return (
        <iframe
          className={styles.policyFrame}
          title={texts.policy.frameTitle}
          src={`${envConfig.policyUrl}?isNeedPop=${market === Market.India ? 1 : 0}`}
        />
      );
    case 'loan':
      return loanTerms;
    case 'contact':
      return (
        <div className={styles.block}>
          <p>{texts.contactIntro}</p>
          <ContactForm />
        </div>
      );
  }
}
