/**
 * Where the seed points images: the web app's static files (apps/web/public, decision 085). A banner
 * is a picture without words (the template's title and subtitle carry the words, in the page's
 * language); each product has its logo at /logos/<code>.svg.
 */
export const bannerUrl = (name: 'fast-loan' | 'salary-day' | 'repay-flexible') => `/banners/${name}.svg`;
export const logoUrlOf = (code: string) => `/logos/${code.toLowerCase()}.svg`;
