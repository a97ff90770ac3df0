/** The console's shell: providers, sign-in gate, navigation by permission, routes. */
import { Permission } from '@kilat/contract/console/browser';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { ApprovalsPage } from '@/features/approvals/approvals-page';
import { ApprovalsNavLabel } from '@/features/approvals/nav-count';
import { AuditPage } from '@/features/audit/audit-page';
import { BooksPage } from '@/features/books/books-page';
import { SettlementReportsPage } from '@/features/books/settlement-reports-page';
import { StatementsPage } from '@/features/books/statements-page';
import { BorrowerPage } from '@/features/borrowers/borrower-page';
import { SearchPage } from '@/features/borrowers/search-page';
import { ChatbotPage } from '@/features/chatbot/chatbot-page';
import { CasePage } from '@/features/collections/case-page';
import { CasesPage } from '@/features/collections/cases-page';
import { CollectionsDashboardPage } from '@/features/collections/dashboard-page';
import { TeamsPage } from '@/features/collections/teams-page';
import { ComplaintPage } from '@/features/complaints/complaint-page';
import { QueuePage } from '@/features/complaints/queue-page';
import { ControlsPage } from '@/features/controls/controls-page';
import { CouponsPage } from '@/features/coupons/coupons-page';
import { DashboardListPage } from '@/features/dashboard/list-page';
import { EnrolmentPage } from '@/features/enrolment/enrolment-page';
import { OperatorsPage } from '@/features/operators/operators-page';
import { OrderPage } from '@/features/orders/order-page';
import { MismatchesPage } from '@/features/payouts/mismatches-page';
import { PayoutTimelinePage } from '@/features/payouts/payout-timeline-page';
import { PayoutsPage } from '@/features/payouts/payouts-page';
import { CataloguePage } from '@/features/products/catalogue-page';
import { LandingTemplatesPage } from '@/features/products/landing-templates-page';
import { ProductsPage } from '@/features/products/products-page';
import { ReviewPage } from '@/features/review/review-page';
import { SignInPage } from '@/features/sign-in/sign-in-page';
import { TemplatesPage } from '@/features/templates/templates-page';
import { ApiError } from '@/shared/api-client';
import { SessionProvider, useSession } from '@/shared/session';

// the dashboard's charts (uPlot) load with the dashboard only (decision 165)
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));

/**
 * A change refused as a conflict (409: another tab or operator decided it first, a reference was
 * recorded meanwhile) leaves the page showing a state that is gone: every shown read is asked again,
 * so the buttons of what was decided go and the refusal stays beside what now stands (issue 47 item 10).
 */
const queryClient: QueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  mutationCache: new MutationCache({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries();
    },
  }),
});

const NAV: { href: string; label: ReactNode; permission: Permission }[] = [
  { href: '/complaints', label: 'Complaints', permission: Permission.ComplaintsRead },
  { href: '/borrowers', label: 'Borrowers', permission: Permission.BorrowersRead },
  { href: '/templates', label: 'Templates', permission: Permission.TemplatesRead },
  { href: '/chatbot', label: 'Chatbot', permission: Permission.ChatbotRead },
  { href: '/payouts', label: 'Payouts', permission: Permission.PayoutsRead },
  { href: '/payout-mismatches', label: 'Payout mismatches', permission: Permission.PayoutsRead },
  { href: '/reviews', label: 'Reviews', permission: Permission.ReviewsRead },
  // every maker-checker request, with how many wait for the signed-in operator (decision 239)
  { href: '/approvals', label: <ApprovalsNavLabel />, permission: Permission.ApprovalsRead },
  { href: '/coupons', label: 'Coupons', permission: Permission.CouponsRead },
  { href: '/audit', label: 'Audit log', permission: Permission.AuditRead },
  { href: '/operators', label: 'Operators', permission: Permission.OperatorsWrite },
  { href: '/products', label: 'Products', permission: Permission.ProductsRead },
  { href: '/dashboard', label: 'Dashboard', permission: Permission.DashboardRead },
  { href: '/collections', label: 'Collections', permission: Permission.CollectionsWork },
  { href: '/books', label: 'Books', permission: Permission.BooksRead },
  { href: '/bank-statements', label: 'Bank statements', permission: Permission.BooksRead },
  // what may move without a second person, per market and action (decision 275)
  { href: '/controls', label: 'Control matrix', permission: Permission.ControlsRead },
];

const Shell = () => {
  const { session, signOut, can } = useSession();
  const [location] = useLocation();
  // the enrolment link is opened by someone who cannot sign in yet
  if (location === '/enrol') return <EnrolmentPage />;
  if (session === undefined) return <p className="loading">Loading…</p>;
  if (session === null) return <SignInPage />;
  const links = NAV.filter((item) => can(item.permission));
  return (
    <div className="shell">
      <header className="top">
        <span className="brand">Kilat console</span>
        <nav aria-label="Console">
          {links.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className={location.startsWith(item.href) ? 'active' : ''}
              aria-current={location.startsWith(item.href) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <span className="who">
          {session.operator.name} · {session.operator.role}
        </span>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main>
        <Switch>
          <Route path="/approvals" component={ApprovalsPage} />
          <Route path="/complaints" component={QueuePage} />
          <Route path="/complaints/:id">{(params) => <ComplaintPage id={Number(params.id)} />}</Route>
          <Route path="/borrowers" component={SearchPage} />
          <Route path="/borrowers/:id">{(params) => <BorrowerPage id={Number(params.id)} />}</Route>
          <Route path="/orders/:id">{(params) => <OrderPage id={Number(params.id)} />}</Route>
          <Route path="/templates" component={TemplatesPage} />
          <Route path="/chatbot" component={ChatbotPage} />
          <Route path="/reviews" component={ReviewPage} />
          <Route path="/audit" component={AuditPage} />
          <Route path="/coupons" component={CouponsPage} />
          <Route path="/operators" component={OperatorsPage} />
          <Route path="/products" component={ProductsPage} />
          <Route path="/products/catalogue" component={CataloguePage} />
          <Route path="/products/landing" component={LandingTemplatesPage} />
          <Route path="/payouts" component={PayoutsPage} />
          <Route path="/books" component={BooksPage} />
          <Route path="/bank-statements" component={StatementsPage} />
          <Route path="/controls" component={ControlsPage} />
          <Route path="/gateway-settlements" component={SettlementReportsPage} />
          <Route path="/payouts/:orderId">{(params) => <PayoutTimelinePage orderId={Number(params.orderId)} />}</Route>
          <Route path="/payout-mismatches" component={MismatchesPage} />
          <Route path="/collections" component={CasesPage} />
          <Route path="/collections/teams" component={TeamsPage} />
          <Route path="/collections/dashboard" component={CollectionsDashboardPage} />
          <Route path="/collections/cases/:id">{(params) => <CasePage id={Number(params.id)} />}</Route>
          <Route path="/dashboard">
            <Suspense fallback={<p className="loading">Loading the dashboard…</p>}>
              <DashboardPage />
            </Suspense>
          </Route>
          <Route path="/dashboard/list/:figure">{(params) => <DashboardListPage figure={params.figure} />}</Route>
          <Route>
            {links[0] ? (
              <Redirect to={links[0].href} />
            ) : (
              <section className="page">
                <h1>Nothing to do yet</h1>
                <p>Your role has no screens in this part of the console.</p>
              </section>
            )}
          </Route>
        </Switch>
      </main>
    </div>
  );
};

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <SessionProvider>
      <Router base="/console">
        <Shell />
      </Router>
    </SessionProvider>
  </QueryClientProvider>
);
