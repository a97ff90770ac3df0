import { useId, useState } from 'react';
import { useMarket } from '@/shared/i18n';
import { maskPhone } from '@/shared/input-masks';
import styles from '../test-preview.module.css';

// the Contact Picker API is not in TypeScript's DOM types yet; this is the part the page uses
interface ContactsManager {
  select(properties: ['tel'], options: { multiple: false }): Promise<{ tel?: string[] }[]>;
}
const contactsManager = (): ContactsManager | undefined => (navigator as Navigator & { contacts?: ContactsManager }).contacts;

/** A phone input with the market's mask (docs/decisions/056) that can also pick from the phone's contacts. */
export function ContactInput({ label, pickLabel }: { label: string; pickLabel: string }) {
  const id = useId();
  const market = useMarket();
  const [phone, setPhone] = useState('');
  const picker = contactsManager();

  const pick = async () => {
    try {
      const [contact] = (await picker?.select(['tel'], { multiple: false })) ?? [];
      const tel = contact?.tel?.[0];
      if (tel) setPhone(maskPhone(tel, market));
    } catch {
      // the borrower closed the picker or denied access: keep what was typed
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.inline}>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(maskPhone(event.target.value, market))}
        />
        {picker && (
          <button type="button" className={styles.secondaryButton} onClick={pick}>
            {pickLabel}
          </button>
        )}
      </div>
    </div>
  );
}
