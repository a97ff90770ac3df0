export { ToastHost } from './toast-host';
export { type ToastState, toast, toastDuration } from './toast-store';
