export { Empty } from './empty';
export { Page, type PageProps } from './page';
export { Spinner } from './spinner';
