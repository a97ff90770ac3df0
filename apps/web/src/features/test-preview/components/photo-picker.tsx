import { type ChangeEvent, useEffect, useId, useState } from 'react';
import styles from '../test-preview.module.css';

/** A photo input with a preview of the chosen picture (spec §2 test page). */
export function PhotoPicker({ label, previewLabel }: { label: string; previewLabel: string }) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);

  // object URLs hold the file in memory until revoked
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept="image/*" onChange={onChange} />
      {preview && <img className={styles.photo} src={preview} alt={previewLabel} />}
    </div>
  );
}
