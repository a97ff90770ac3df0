export { type DocumentSection, DocumentSections } from './document-sections';
export { Empty } from './empty';
export { IndonesiaOnlyPage } from './indonesia-only-page';
export { LoadFailed } from './load-failed';
export { Page, type PageProps } from './page';
export { logoInitial, ProductLogo } from './product-logo';
export { SessionEndedPage } from './session-ended-page';
export { Spinner } from './spinner';
