/**
 * The web's Element Timing attribute on an image, which React passes to the DOM as written: a
 * rendered page's scripts wait for the paint of the image it marks (decision 180, contract
 * boot-script's PAINTED_FIRST_ATTRIBUTE).
 */
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    elementtiming?: string | undefined;
  }
}
