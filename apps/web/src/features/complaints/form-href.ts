import { Paths } from '@/shared/paths';

/** The complaint form's address with the chosen type, and the sub-type for type 1 (spec §2). */
export const formHref = (problemType: number, problemSonType?: number): string => {
  const params = new URLSearchParams({ problemType: String(problemType) });
  if (problemSonType !== undefined) params.set('problemSonType', String(problemSonType));
  return `${Paths.complaintForm}?${params}`;
};

/** The chatbot's address for an order and the question category chosen on the new complaint page. */
export const chatbotHref = (orderNo: string, categoryId: number): string =>
  `${Paths.chatbot}?${new URLSearchParams({ orderNo, categoryId: String(categoryId) })}`;
