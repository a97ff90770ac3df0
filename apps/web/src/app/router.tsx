import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { clearSessionFailure, type SessionFailure, useSessionFailure } from '@/shared/session';
import { SessionEndedPage, Spinner, useInPhoneBrowser } from '@/shared/ui';
import { useAppLocation, useAppSearch } from './app-location';
import { ErrorBoundary } from './error-boundary';
import { currentAddress, loginHref, requireSession } from './require-session';

// every page is its own chunk: a route downloads only what it shows
const OfficialSitePage = lazy(() => import('@/features/official-site/official-site-page'));
const PrivacyPolicyPage = lazy(() => import('@/features/privacy-policy/privacy-policy-page'));
const AboutUsPage = lazy(() => import('@/features/about-us/about-us-page'));
const LoanTermsPage = lazy(() => import('@/features/loan-terms/loan-terms-page'));
const CustomerServicePage = lazy(() => import('@/features/customer-service/customer-service-page'));
const TestPreviewPage = lazy(() => import('@/features/test-preview/test-preview-page'));
const ComplaintEntryPage = lazy(() => import('@/features/complaints/complaint-entry-page'));
const ComplaintFormPage = lazy(() => import('@/features/complaints/complaint-form-page'));
const ComplaintListPage = lazy(() => import('@/features/complaints/complaint-list-page'));
const ComplaintDetailPage = lazy(() => import('@/features/complaints/complaint-detail-page'));
const ComplaintNewPage = lazy(() => import('@/features/complaints/complaint-new-page'));
const ChatbotPage = lazy(() => import('@/features/chatbot/chatbot-page'));
const RegistrationPage = lazy(() => import('@/features/promotion/registration-page'));
const DownloadTemplatePage = lazy(() => import('@/features/promotion/download-template-page'));
const AgreementTemplatePage = lazy(() => import('@/features/promotion/agreement-template-page'));
const RecommendedProductsPage = lazy(() => import('@/features/recommended-products/recommended-products-page'));
const JointLoginFailurePage = lazy(() => import('@/features/joint-login-failure/joint-login-failure-page'));
const LoanConfirmPage = lazy(() => import('@/features/loan-confirm/loan-confirm-page'));
const LoanDetailsPage = lazy(() => import('@/features/loan-details/loan-details-page'));
const InstallmentsPage = lazy(() => import('@/features/repayment/installments/installments-page'));
const ExtensionPage = lazy(() => import('@/features/repayment/extension/extension-page'));
const PayWayPage = lazy(() => import('@/features/repayment/pay-way/pay-way-page'));
const BindCardPage = lazy(() => import('@/features/repayment/bind-card/bind-card-page'));
const ThirdPartyPaymentPage = lazy(() => import('@/features/repayment/third-party-payment/third-party-payment-page'));
const UpiPaymentPage = lazy(() => import('@/features/repayment/upi-payment/upi-payment-page'));
const WalletPaymentPage = lazy(() => import('@/features/repayment/wallet-payment/wallet-payment-page'));
const VirtualAccountPage = lazy(() => import('@/features/repayment/virtual-account/virtual-account-page'));
const RepayMethodPage = lazy(() => import('@/features/repayment/repay-method/repay-method-page'));
const PaymentResultPage = lazy(() => import('@/features/repayment/payment-result/payment-result-page'));
const LoginPage = lazy(() => import('@/features/login/login-page'));
const MainPage = requireSession(lazy(() => import('@/features/my-loans/main-page')));
const OrderPage = requireSession(lazy(() => import('@/features/my-loans/order-page')));
const ApplicationPage = requireSession(lazy(() => import('@/features/application/application-page')));
const DisbursalAccountPage = requireSession(lazy(() => import('@/features/disbursal-account/disbursal-account-page')));
const IdentityPage = requireSession(lazy(() => import('@/features/identity/identity-page')));
const SettingPage = requireSession(lazy(() => import('@/features/setting/setting-page')));
const ProductDetailPage = requireSession(lazy(() => import('@/features/my-loans/product-detail-page')));
const RepaymentHistoryPage = requireSession(lazy(() => import('@/features/repayment-history/repayment-history-page')));
const LoanStatementPage = requireSession(lazy(() => import('@/features/repayment-history/loan-statement-page')));
const MyDataPage = requireSession(lazy(() => import('@/features/my-data/my-data-page')));
const ClosureLetterPage = requireSession(lazy(() => import('@/features/repayment-history/closure-letter-page')));
const RepaymentReceiptPage = requireSession(lazy(() => import('@/features/repayment-history/repayment-receipt-page')));
const MessagesPage = requireSession(lazy(() => import('@/features/messages/messages-page')));
const CouponsPage = requireSession(lazy(() => import('@/features/coupons/coupons-page')));
const NotFoundPage = lazy(() => import('./not-found-page'));
const LoanTermsDocument = lazy(() => import('@/features/loan-terms/loan-terms-document').then((m) => ({ default: m.LoanTermsDocument })));

/** The official site's Loan section shows the loan terms document: the app composes the two features. */
function OfficialSite() {
  return <OfficialSitePage loanTerms={<LoanTermsDocument headingLevel={2} />} />;
}

const officialSitePaths = [Paths.officialHome, ...Object.values(Paths.officialSections)];

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
          {officialSitePaths.map((officialPath) => (
            <Route key={officialPath} path={officialPath} component={OfficialSite} />
          ))}
          <Route path={Paths.privacyPolicy} component={PrivacyPolicyPage} />
          <Route path={Paths.privacyPolicyConfigured} component={PrivacyPolicyPage} />
          <Route path={Paths.aboutUs} component={AboutUsPage} />
          <Route path={Paths.loanTerms} component={LoanTermsPage} />
          <Route path={Paths.customerService} component={CustomerServicePage} />
          <Route path={Paths.testPreview} component={TestPreviewPage} />
          <Route path={Paths.complaintEntry} component={ComplaintEntryPage} />
          <Route path={Paths.complaintForm} component={ComplaintFormPage} />
          <Route path={Paths.complaintList} component={ComplaintListPage} />
          <Route path={Paths.complaintDetail} component={ComplaintDetailPage} />
          <Route path={Paths.complaintNew} component={ComplaintNewPage} />
          <Route path={Paths.chatbot} component={ChatbotPage} />
          <Route path={Paths.promotionRegistration} component={RegistrationPage} />
          <Route path={Paths.hash.downloadTemplate} component={DownloadTemplatePage} />
          <Route path={Paths.hash.agreementTemplate} component={AgreementTemplatePage} />
          <Route path={Paths.recommendedList} component={RecommendedProductsPage} />
          <Route path={Paths.jointLoginFailure} component={JointLoginFailurePage} />
          <Route path={Paths.loanConfirm} component={LoanConfirmPage} />
          <Route path={Paths.loanDetails} component={LoanDetailsPage} />
          <Route path={Paths.hash.borrowDetail} component={LoanDetailsPage} />
          <Route path={Paths.repay} component={InstallmentsPage} />
          <Route path={Paths.repayDelay} component={ExtensionPage} />
          <Route path={Paths.payWay} component={PayWayPage} />
          <Route path={Paths.hash.bindCard} component={BindCardPage} />
          <Route path={Paths.hash.thirdPartyPayment} component={ThirdPartyPaymentPage} />
          <Route path={Paths.hash.upiPayment} component={UpiPaymentPage} />
          <Route path={Paths.hash.walletPayment} component={WalletPaymentPage} />
          <Route path={Paths.virtualAccountRepay} component={VirtualAccountPage} />
          <Route path={Paths.repayMethodChooser} component={RepayMethodPage} />
          <Route path={Paths.hash.paymentResult} component={PaymentResultPage} />
          <Route path={Paths.login} component={LoginPage} />
          <Route path={Paths.main} component={MainPage} />
          <Route path={Paths.order} component={OrderPage} />
          <Route path={Paths.productDetail} component={ProductDetailPage} />
          <Route path={Paths.application} component={ApplicationPage} />
          <Route path={Paths.disbursalAccount} component={DisbursalAccountPage} />
          <Route path={Paths.identity} component={IdentityPage} />
          <Route path={Paths.setting} component={SettingPage} />
          <Route path={Paths.repaymentHistory} component={RepaymentHistoryPage} />
          <Route path={Paths.repaymentReceipt} component={RepaymentReceiptPage} />
          <Route path={Paths.loanStatement} component={LoanStatementPage} />
          <Route path={Paths.closureLetter} component={ClosureLetterPage} />
          <Route path={Paths.myData} component={MyDataPage} />
          <Route path={Paths.messages} component={MessagesPage} />
          <Route path={Paths.coupons} component={CouponsPage} />
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
