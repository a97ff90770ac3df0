import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import type { LoanTermsDocument as LoanTermsDocumentType } from '@/features/loan-terms/loan-terms-document';
import { useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { clearSessionFailure, type SessionFailure, useSessionFailure } from '@/shared/session';
import { SessionEndedPage, Spinner, useInPhoneBrowser } from '@/shared/ui';
import { useAppLocation, useAppSearch } from './app-location';
import { ErrorBoundary } from './error-boundary';
import { currentAddress, loginHref, requireSession } from './require-session';

/** A page loaded on first render, whose chunk can also be asked for ahead of it (app/route-warmup.ts, decision 168). */
export type PreloadablePage = ComponentType & { preload: () => Promise<unknown> };

const lazyPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
};

/** A page that needs a session (app/require-session.tsx), its chunk still asked for ahead. */
const session = (page: PreloadablePage): PreloadablePage => Object.assign(requireSession(page), { preload: page.preload });

// every page is its own chunk: a route downloads only what it shows
const OfficialSitePage = lazyPage(() => import('@/features/official-site/official-site-page'));
const PrivacyPolicyPage = lazyPage(() => import('@/features/privacy-policy/privacy-policy-page'));
const AboutUsPage = lazyPage(() => import('@/features/about-us/about-us-page'));
const LoanTermsPage = lazyPage(() => import('@/features/loan-terms/loan-terms-page'));
const CustomerServicePage = lazyPage(() => import('@/features/customer-service/customer-service-page'));
const TestPreviewPage = lazyPage(() => import('@/features/test-preview/test-preview-page'));
const ComplaintEntryPage = lazyPage(() => import('@/features/complaints/complaint-entry-page'));
const ComplaintFormPage = lazyPage(() => import('@/features/complaints/complaint-form-page'));
const ComplaintListPage = lazyPage(() => import('@/features/complaints/complaint-list-page'));
const ComplaintDetailPage = lazyPage(() => import('@/features/complaints/complaint-detail-page'));
const ComplaintNewPage = lazyPage(() => import('@/features/complaints/complaint-new-page'));
const ChatbotPage = lazyPage(() => import('@/features/chatbot/chatbot-page'));
const RegistrationPage = lazyPage(() => import('@/features/promotion/registration-page'));
const DownloadTemplatePage = lazyPage(() => import('@/features/promotion/download-template-page'));
const AgreementTemplatePage = lazyPage(() => import('@/features/promotion/agreement-template-page'));
const RecommendedProductsPage = lazyPage(() => import('@/features/recommended-products/recommended-products-page'));
const JointLoginFailurePage = lazyPage(() => import('@/features/joint-login-failure/joint-login-failure-page'));
const LoanConfirmPage = lazyPage(() => import('@/features/loan-confirm/loan-confirm-page'));
const LoanDetailsPage = lazyPage(() => import('@/features/loan-details/loan-details-page'));
const InstallmentsPage = lazyPage(() => import('@/features/repayment/installments/installments-page'));
const ExtensionPage = lazyPage(() => import('@/features/repayment/extension/extension-page'));
const PayWayPage = lazyPage(() => import('@/features/repayment/pay-way/pay-way-page'));
const BindCardPage = lazyPage(() => import('@/features/repayment/bind-card/bind-card-page'));
const ThirdPartyPaymentPage = lazyPage(() => import('@/features/repayment/third-party-payment/third-party-payment-page'));
const VirtualAccountPage = lazyPage(() => import('@/features/repayment/virtual-account/virtual-account-page'));
const RepayMethodPage = lazyPage(() => import('@/features/repayment/repay-method/repay-method-page'));
const PaymentResultPage = lazyPage(() => import('@/features/repayment/payment-result/payment-result-page'));
const LoginPage = lazyPage(() => import('@/features/login/login-page'));
const MainPage = session(lazyPage(() => import('@/features/my-loans/main-page')));
const OrderPage = session(lazyPage(() => import('@/features/my-loans/order-page')));
const ApplicationPage = session(lazyPage(() => import('@/features/application/application-page')));
const DisbursalAccountPage = session(lazyPage(() => import('@/features/disbursal-account/disbursal-account-page')));
const IdentityPage = session(lazyPage(() => import('@/features/identity/identity-page')));
const SettingPage = session(lazyPage(() => import('@/features/setting/setting-page')));
const ProductDetailPage = session(lazyPage(() => import('@/features/my-loans/product-detail-page')));
const RepaymentHistoryPage = session(lazyPage(() => import('@/features/repayment-history/repayment-history-page')));
const RepaymentReceiptPage = session(lazyPage(() => import('@/features/repayment-history/repayment-receipt-page')));
const MessagesPage = session(lazyPage(() => import('@/features/messages/messages-page')));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
const LoanTermsDocument = lazyPage<ComponentProps<typeof LoanTermsDocumentType>>(() =>
  import('@/features/loan-terms/loan-terms-document').then((m) => ({ default: m.LoanTermsDocument })),
);

/** The official site's Loan section shows the loan terms document: the app composes the two features. */
const OfficialSite: PreloadablePage = Object.assign(
  function OfficialSite() {
    return <OfficialSitePage loanTerms={<LoanTermsDocument headingLevel={2} />} />;
  },
  { preload: () => Promise.all([OfficialSitePage.preload(), LoanTermsDocument.preload()]) },
);

const officialSitePaths = [Paths.officialHome, ...Object.values(Paths.officialSections)];

/** Every page route and its page, in the order the router tries them. */
const pageRoutes: [path: string, page: PreloadablePage][] = [
  ...officialSitePaths.map((path): [string, PreloadablePage] => [path, OfficialSite]),
  [Paths.privacyPolicy, PrivacyPolicyPage],
  [Paths.privacyPolicyConfigured, PrivacyPolicyPage],
  [Paths.aboutUs, AboutUsPage],
  [Paths.loanTerms, LoanTermsPage],
  [Paths.customerService, CustomerServicePage],
  [Paths.testPreview, TestPreviewPage],
  [Paths.complaintEntry, ComplaintEntryPage],
  [Paths.complaintForm, ComplaintFormPage],
  [Paths.complaintList, ComplaintListPage],
  [Paths.complaintDetail, ComplaintDetailPage],
  [Paths.complaintNew, ComplaintNewPage],
  [Paths.chatbot, ChatbotPage],
  [Paths.promotionRegistration, RegistrationPage],
  [Paths.hash.downloadTemplate, DownloadTemplatePage],
  [Paths.hash.agreementTemplate, AgreementTemplatePage],
  [Paths.recommendedList, RecommendedProductsPage],
  [Paths.jointLoginFailure, JointLoginFailurePage],
  [Paths.loanConfirm, LoanConfirmPage],
  [Paths.loanDetails, LoanDetailsPage],
  [Paths.hash.borrowDetail, LoanDetailsPage],
  [Paths.repay, InstallmentsPage],
  [Paths.repayDelay, ExtensionPage],
  [Paths.hash.payWay, PayWayPage],
  [Paths.hash.bindCard, BindCardPage],
  [Paths.hash.thirdPartyPayment, ThirdPartyPaymentPage],
  [Paths.virtualAccountRepay, VirtualAccountPage],
  [Paths.repayMethodChooser, RepayMethodPage],
  [Paths.hash.paymentResult, PaymentResultPage],
  [Paths.login, LoginPage],
  [Paths.main, MainPage],
  [Paths.order, OrderPage],
  [Paths.productDetail, ProductDetailPage],
  [Paths.application, ApplicationPage],
  [Paths.disbursalAccount, DisbursalAccountPage],
  [Paths.identity, IdentityPage],
  [Paths.setting, SettingPage],
  [Paths.repaymentHistory, RepaymentHistoryPage],
  [Paths.repaymentReceipt, RepaymentReceiptPage],
  [Paths.messages, MessagesPage],
];

/** The page a path (or a hash route's path) shows, for the warm-up to ask for its chunk at boot; null when no route matches. */
export const pageAt = (path: string): PreloadablePage | null => {
  const trimmed = (value: string) => value.replace(/(.)\/+$/, '$1').toLowerCase();
  return pageRoutes.find(([routePath]) => trimmed(routePath) === trimmed(path))?.[1] ?? null;
};

/**
 * On every new address: move a session token out of it, forget the last page's session failure, and start at the
 * top. The first address is the one the page loaded at: its scroll is the browser's, and a borrower may already have
 * scrolled the server's HTML before it hydrated, so it is left where it is.
 */
function LocationEffects() {
  const [path] = useLocation();
  const scrolledFor = useRef(path);
  useEffect(() => {
    getQueryContext();
    clearSessionFailure();
    if (scrolledFor.current === path) return;
    scrolledFor.current = path;
    window.scrollTo?.({ top: 0 });
  }, [path]);
  return null;
}

/** The server's HTML takes no tap until its page is hydrated (decision 080): from then on it is live. */
const usePageLive = () =>
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('data-ssr');
  }, []);

/** Rendered beside the routes, inside their Suspense boundary: its effect runs once the page is hydrated. */
function PageLive() {
  usePageLive();
  return null;
}

/**
 * A call of this page found no valid session: in the native shell one page says so for every route
 * (decision 053); in a phone browser, which has no shell to sign in with, the borrower is sent to log
 * in and back here, as the pages that need a session do (issue 30, decision 139).
 */
function SessionEnded({ failure }: { failure: SessionFailure }) {
  usePageLive();
  const inPhoneBrowser = useInPhoneBrowser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (inPhoneBrowser) navigate(loginHref(currentAddress(), ''), { replace: true });
  }, [inPhoneBrowser, navigate]);
  const queryClient = useQueryClient();
  const retry = () => {
    clearSessionFailure();
    void queryClient.resetQueries();
  };
  if (inPhoneBrowser) return <Spinner />;
  return <SessionEndedPage failure={failure} onRetry={retry} />;
}

function PageFailed({ retry }: { retry: () => void }) {
  usePageLive();
  const t = useT();
  return (
    <main id="main" className="page-failed">
      <p role="alert">{t('loadFailed')}</p>
      <button type="button" className="button button-primary" onClick={retry}>
        {t('retry')}
      </button>
    </main>
  );
}

export function AppRoutes() {
  const [path] = useLocation();
  const sessionFailure = useSessionFailure();
  if (sessionFailure) return <SessionEnded failure={sessionFailure} />;
  return (
    <ErrorBoundary resetKey={path} fallback={(retry) => <PageFailed retry={retry} />}>
      <Suspense fallback={<Spinner />}>
        <PageLive />
        <Switch>
          {pageRoutes.map(([routePath, page]) => (
            <Route key={routePath} path={routePath} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

/** Path routes, plus the hash routes of spec §2 when the address has `#/`; `ssrPath` and `ssrSearch` when the server renders. */
export function AppRouter({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string } = {}) {
  return (
    <Router hook={useAppLocation} searchHook={useAppSearch} ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <LocationEffects />
      <AppRoutes />
    </Router>
  );
}
