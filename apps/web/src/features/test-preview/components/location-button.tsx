import { useState } from 'react';
import styles from '../test-preview.module.css';

interface LocationTexts {
  location: string;
  locating: string;
  coordinates: (latitude: string, longitude: string) => string;
  unsupported: string;
  error: (message: string) => string;
}

/** Asks the browser for its position and shows the coordinates or the reason it could not. */
export function LocationButton({ texts }: { texts: LocationTexts }) {
  const [result, setResult] = useState('');

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setResult(texts.unsupported);
      return;
    }
    setResult(texts.locating);
    navigator.geolocation.getCurrentPosition(
      (position) => setResult(texts.coordinates(position.coords.latitude.toFixed(5), position.coords.longitude.toFixed(5))),
      (error) => setResult(texts.error(error.message || String(error.code))),
      { timeout: 15_000 },
    );
  };

  return (
    <div className={styles.field}>
      <button type="button" className={styles.secondaryButton} onClick={locate}>
        {texts.location}
      </button>
      <p role="status" className={styles.status}>
        {result}
      </p>
    </div>
  );
}
