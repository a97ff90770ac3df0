import { interpolate } from '@kilat/contract';
import { useMemo } from 'react';
import { useContent } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { Empty, Page, QueryState } from '@/shared/ui';
import { useLoanStatement } from './api/get-loan-statement';
import styles from './repayment-history.module.css';
import { statementCsv, statementFileName } from './statement-file';
import { repaymentHistoryTexts } from './texts';

/** A loan's statement (issue 49): every posting with its value date, as the ledger has it, and the same as a file. */
export default function LoanStatementPage() {
  const texts = useContent(repaymentHistoryTexts);
  const { productId, orderId } = useMemo(() => ({ productId: pageParam('productId'), orderId: pageParam('orderId') }), []);
  const statement = useLoanStatement(productId, orderId);

  return (
    <Page title={texts.statementTitle} back home>
      <QueryState query={statement} failed={texts.statementFailed}>
        {(data) => {
          const headers = [texts.statementDate, texts.statementEntry, texts.statementAmount] as const;
          const file = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${statementCsv(data, headers)}`)}`;
          return (
            <>
              <p>{interpolate(texts.statementIntro, { orderNo: data.orderNo })}</p>
              {data.rows.length === 0 ? (
                <Empty description={texts.statementEmpty} />
              ) : (
                <table className={styles.statement}>
                  <thead>
                    <tr>
                      {headers.map((header) => (
                        <th key={header} scope="col">
                          {header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row, index) => (
                      // postings have no id on the wire; their order is the ledger's
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once loaded
                      <tr key={index}>
                        <td className="date">{row.valueDate}</td>
                        <td>{row.kind}</td>
                        <td className="money">{row.amount}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <a className="button button-primary button-block" href={file} download={statementFileName(data.orderNo)}>
                {texts.statementDownload}
              </a>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
