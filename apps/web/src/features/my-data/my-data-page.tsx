import { interpolate } from '@kilat/contract';
import { useId } from 'react';
import { envConfig } from '@/shared/config/env-config';
import { useContent, useMarket } from '@/shared/i18n';
import { Page, QueryState } from '@/shared/ui';
import { useMyData } from './api/get-my-data';
import { myDataTexts } from './texts';

/**
 * What Kilat keeps about you (issue 49 item 5, decision 225): what is stored and for how long, as
 * docs/borrower-app.md states it, how to ask for a copy, and the borrower's own data as a JSON file
 * (a data: URL of what the server answered, as the loan statement's file is).
 */
export default function MyDataPage() {
  const texts = useContent(myDataTexts);
  const market = useMarket();
  const id = useId();
  const data = useMyData();

  return (
    <Page title={texts.title} back home>
      <p>{texts.intro}</p>
      <section aria-labelledby={`${id}-kept`}>
        <h2 id={`${id}-kept`}>{texts.keptTitle}</h2>
        {texts.kept.map((item) => (
          <div key={item.heading}>
            <h3>{item.heading}</h3>
            <p>{item.text}</p>
          </div>
        ))}
      </section>
      <section aria-labelledby={`${id}-copy`}>
        <h2 id={`${id}-copy`}>{texts.copyTitle}</h2>
        <p>{interpolate(texts.copyText, { email: envConfig.company[market].email })}</p>
        <QueryState query={data} failed={texts.loadFailed}>
          {(mine) => (
            <a
              className="button button-primary button-block"
              href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(mine, null, 2))}`}
              download={`kilat-my-data-${mine.exportedAt.slice(0, 10)}.json`}
            >
              {texts.download}
            </a>
          )}
        </QueryState>
      </section>
    </Page>
  );
}
