export { type DocumentSection, DocumentSections } from './document-sections';
export { Empty } from './empty';
export { LoadFailed } from './load-failed';
export { Page, type PageProps } from './page';
export { Spinner } from './spinner';
