/** The products screen's three parts: Kilat's own products, the recommended-products catalogue, the landing templates. */
import { Link, useLocation } from 'wouter';

const PARTS = [
  { href: '/products', label: 'Loan products' },
  { href: '/products/catalogue', label: 'Recommended products' },
  { href: '/products/landing', label: 'Landing templates' },
] as const;

export const ProductsNav = () => {
  const [location] = useLocation();
  return (
    <nav aria-label="Products screen" className="filters">
      {PARTS.map((part) => (
        <Link key={part.href} href={part.href} aria-current={location === part.href ? 'page' : undefined}>
          {part.label}
        </Link>
      ))}
    </nav>
  );
};
