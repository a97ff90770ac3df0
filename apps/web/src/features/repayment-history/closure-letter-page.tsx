import { interpolate } from '@kilat/contract';
import { useMemo } from 'react';
import { useContent } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { Page, QueryState } from '@/shared/ui';
import { useClosureLetter } from './api/get-closure-letter';
import { repaymentHistoryTexts } from './texts';

/**
 * A closed loan's closure letter (issue 49, decision 224): how the loan closed, said as what it is,
 * and its document (the server's HTML letter in the borrower's language) to open or save. The
 * closing SMS links this page, so the letter opens in the borrower's session.
 */
export default function ClosureLetterPage() {
  const texts = useContent(repaymentHistoryTexts);
  const { productId, orderId } = useMemo(() => ({ productId: pageParam('productId'), orderId: pageParam('orderId') }), []);
  const letter = useClosureLetter(productId, orderId);

  return (
    <Page title={texts.closureTitle} back home>
      <QueryState query={letter} failed={texts.closureFailed}>
        {(data) => (
          <>
            <p data-closure={data.closure}>
              {interpolate(texts.closureIntro, { orderNo: data.orderNo, closure: texts[`closure_${data.closure}`] })}
            </p>
            <a className="button button-primary button-block" href={data.url} target="_blank" rel="noopener">
              {texts.closureOpen}
            </a>
            <a className="button button-block" href={data.url} download={`kilat-closure-letter-${data.orderNo}.html`}>
              {texts.closureDownload}
            </a>
          </>
        )}
      </QueryState>
    </Page>
  );
}
