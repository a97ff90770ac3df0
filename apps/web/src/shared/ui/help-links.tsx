import { Link } from 'wouter';
import { type Translate, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { useInPhoneBrowser } from './phone-browser';

const helpPages = (t: Translate) => [
  { href: Paths.complaintEntry, label: t('helpComplaints') },
  { href: Paths.chatbot, label: t('helpChatbot') },
  { href: Paths.customerService, label: t('helpCustomerService') },
  { href: Paths.aboutUs, label: t('helpAboutUs') },
  { href: Paths.privacyPolicy, label: t('helpPrivacyPolicy') },
  { href: Paths.loanTerms, label: t('helpLoanTerms') },
];

/**
 * The way to help and to the product's documents (issue 30, decision 139): complaints, the chatbot,
 * customer service, about us, the privacy policy and the loan terms, one tap each. The browser-only
 * pages (main, order, setting) always show it; pages the native shell also opens pass
 * `phoneBrowserOnly`, since the shell has its own menu.
 */
export function HelpLinks({ phoneBrowserOnly = false }: { phoneBrowserOnly?: boolean }) {
  const t = useT();
  const inPhoneBrowser = useInPhoneBrowser();
  if (phoneBrowserOnly && !inPhoneBrowser) return null;
  return (
    <nav className="help-links" aria-labelledby="help-links-title">
      <h2 id="help-links-title" className="help-links-title">
        {t('helpTitle')}
      </h2>
      <ul>
        {helpPages(t).map((page) => (
          <li key={page.href}>
            <Link href={page.href}>{page.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
