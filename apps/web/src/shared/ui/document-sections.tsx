import { interpolate } from '@kilat/contract';

/** One section of a static document (policy, terms): paragraphs, an optional list, then more paragraphs. */
export interface DocumentSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
  /** paragraphs shown after the list */
  after?: string[];
}

interface DocumentSectionsProps {
  sections: readonly DocumentSection[];
  /** the `{placeholder}` values filled into every text */
  values: Record<string, string | number>;
  headingLevel?: 2 | 3;
}

/** The sections of a static document, each text filled with the document's values. */
export function DocumentSections({ sections, values, headingLevel = 2 }: DocumentSectionsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const paragraphs = (texts: readonly string[] | undefined) => texts?.map((text) => <p key={text}>{interpolate(text, values)}</p>);
  return sections.map((section) => (
    <section key={section.heading}>
      <Heading>{section.heading}</Heading>
      {paragraphs(section.paragraphs)}
      {section.items && (
        <ul>
          {section.items.map((item) => (
            <li key={item}>{interpolate(item, values)}</li>
          ))}
        </ul>
      )}
      {paragraphs(section.after)}
    </section>
  ));
}
